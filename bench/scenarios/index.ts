import type { Scenario } from '../lib/types';
import { baseline } from './baseline';
import { dashboardPages } from './dashboard';
import { fairnessScenario } from './fairness';
import { databasePrepare } from './database-prepare';
import { edgeReloadIdle } from './edge-reload-idle';
import { metricsOverhead } from './metrics-overhead';
import { tracingOverhead } from './tracing-overhead';
import { filesScenario } from './files';
import { embeddingsThroughput } from './embeddings';
import { scannedScenario } from './scanned';
import { health } from './health';
import { hostingCliDeploy } from './hosting-cli-deploy';
import { hostingCreate } from './hosting-create';
import { hostingEdge, hostingEdgeRules } from './hosting-edge';
import { hostingEdgeFlood } from './hosting-edge-flood';
import { hostingPublish } from './hosting-publish';
import { hostingDigests } from './hosting-digests';
import { imageGenerate } from './image-generate';
import { openaiCompatOverhead } from './openai-compat';
import { plagiarismCheck } from './plagiarism';
import { responsiveness } from './responsiveness';
import { textGenerate } from './text';
import { llamaTokens } from './llama';
import { usage } from './usage';
import { voiceSynthesis } from './voice';
import { webhooksScenario } from './webhooks';

import { siteRulesScale } from './site-rules-scale';
/**
 * Every row of the report, in order. `baseline` scenarios are run first and again after all the
 * others; everything else runs once, in between. A new product adds its file here, e.g.
 * `scenarios/voice.ts` exporting a Scenario built on `measure()` (or a `group` returning several rows
 * and timings, like the hosting ones).
 *
 * The hosting scenarios run last and in this order: the create load queues thousands of builds and
 * waits until they are done, so the publish timings and the edge measure an idle queue.
 */
export const SCENARIOS: Scenario[] = [
  baseline,
  health,
  usage,
  imageGenerate,
  textGenerate,
  llamaTokens,
  openaiCompatOverhead,
  plagiarismCheck,
  voiceSynthesis,
  responsiveness,
  filesScenario,
  embeddingsThroughput,
  scannedScenario,
  dashboardPages,
  webhooksScenario,
  fairnessScenario,
  databasePrepare,
  metricsOverhead,
  tracingOverhead,
  hostingCreate,
  hostingPublish,
  hostingDigests,
  hostingCliDeploy,
  hostingEdge,
  hostingEdgeRules,
  hostingEdgeFlood,
  siteRulesScale,
  edgeReloadIdle,
];
