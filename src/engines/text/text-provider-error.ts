import { ProviderError } from '../provider-error';

export class TextProviderError extends ProviderError {}
