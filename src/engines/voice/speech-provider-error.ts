import { ProviderError } from '../provider-error';

export class SpeechProviderError extends ProviderError {}
