import type { Scenario } from '../lib/types';
import { baseline } from './baseline';
import { health } from './health';
import { imageGenerate } from './image-generate';
import { usage } from './usage';

/**
 * Every row of the report, in order. `baseline` scenarios are run first and again after all the
 * others; everything else runs once, in between. A new product adds its file here, e.g.
 * `scenarios/voice.ts` exporting a Scenario built on `measure()`.
 */
export const SCENARIOS: Scenario[] = [baseline, health, usage, imageGenerate];
