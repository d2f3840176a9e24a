import { ProviderError } from '../provider-error';

export class ImageProviderError extends ProviderError {}
