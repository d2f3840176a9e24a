/**
 * System prompts for an OpenAI-compatible chat model: one part per mode, one per tone, and the output
 * language by its English name ("German", not "de"), which models follow more reliably than a tag.
 */
import type { TextMode, TextRequest, TextTone } from './types';

const MODE: Record<TextMode, string> = {
  write:
    'Write an original piece on the subject the user gives. Start with a short title on its own line, then well-organised paragraphs. ' +
    'Stay on the subject, do not repeat yourself, and do not invent statistics, quotations, studies or sources.',
  rewrite:
    "Rewrite the user's text. Restructure its sentences (clause order, active or passive voice, connectors) and vary the wording, " +
    'but keep every name, number, date and claim exactly, including every negation and qualifier. Do not add or drop information.',
  paraphrase:
    "Rephrase the user's text in other words, sentence by sentence. Keep every name, number, date and claim, including every " +
    'negation and qualifier, and keep quoted passages as they are. Do not add or drop information.',
};

const TONE: Record<TextTone, string> = {
  formal: 'Use a formal register: complete sentences, no contractions, no slang.',
  casual: "Use a relaxed, conversational register: contractions (it's, don't, you'll), short sentences, and address the reader as \"you\".",
  academic:
    "Use an academic register: no contractions, hedge strong claims ('may', 'appears to', 'suggests'), and use formal connectors such as 'Moreover', 'Furthermore' and 'Consequently'.",
};

export function languageName(tag: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' }).of(tag) ?? tag;
  } catch {
    // Not a well-formed tag for ICU; the tag itself is still the best description we have.
    return tag;
  }
}

export function systemPrompt(req: Pick<TextRequest, 'mode' | 'tone' | 'language' | 'maxTokens'>): string {
  const language = languageName(req.language);
  const answer = req.mode === 'write' ? 'Write' : 'Write the result';
  return [
    MODE[req.mode],
    TONE[req.tone],
    `${answer} in ${language}.`,
    `Keep the whole answer under ${req.maxTokens} tokens and end it at a complete sentence.`,
    'Reply with the text only: no preamble, no notes, no Markdown headings or code fences.',
  ].join(' ');
}
