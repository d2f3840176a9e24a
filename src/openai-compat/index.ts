/**
 * OpenAI's wire shapes for Kiln's OpenAI-compatible endpoints (src/api/routes/openai/): pure mapping of
 * requests, answers and errors, no I/O.
 */
export * from './chat';
export * from './embeddings';
export * from './errors';
export * from './images';
export * from './models';
export * from './speech';
