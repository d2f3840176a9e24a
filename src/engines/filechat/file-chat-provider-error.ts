import { ProviderError } from '../provider-error';

/** A file chat provider's failure; `permanent` says whether asking again can help. */
export class FileChatProviderError extends ProviderError {}
