/**
 * The output cap and sampling each model family takes on OpenAI's Chat Completions API. OpenAI deprecated
 * `max_tokens` for `max_completion_tokens`, and its reasoning models (o1, o3, o4-mini, gpt-5…) refuse
 * `max_tokens` ("Unsupported parameter … Use 'max_completion_tokens' instead") and any temperature but the
 * default; their cap also counts the reasoning they do before answering. Other OpenAI-compatible servers
 * (Ollama, vLLM, llama.cpp's server, LocalAI) know `max_tokens`, so a model OpenAI does not name keeps it.
 */
export function chatOutputParams(model: string, maxTokens: number, temperature?: number): Record<string, number> {
  const m = model.toLowerCase();
  const reasoning = /^(o\d|gpt-5)/.test(m);
  const openai = reasoning || /^(gpt-|chatgpt-)/.test(m);
  const params: Record<string, number> = openai ? { max_completion_tokens: maxTokens } : { max_tokens: maxTokens };
  if (temperature !== undefined && !reasoning) params.temperature = temperature;
  return params;
}
