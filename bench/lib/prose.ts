/**
 * Deterministic English prose of a given length in words, for speech and text benchmarks: sentences of
 * ordinary length and punctuation, so sentence splitting and pauses behave as with real input.
 */
const SUBJECTS = ['The river', 'A quiet village', 'The old library', 'Our research team', 'The morning train', 'A small garden', 'The city council', 'Every winter storm'];
const VERBS = ['carried', 'welcomed', 'described', 'measured', 'changed', 'protected', 'revealed', 'connected'];
const OBJECTS = ['the stories of its people', 'a surprising number of visitors', 'the shape of the valley', 'several hundred letters', 'the rhythm of daily life', 'the first light of spring', 'a plan for the coming years', 'the long road to the coast'];
const TAILS = ['before anyone noticed.', 'with remarkable patience.', 'in the autumn of that year.', 'while the bells were ringing.', 'and nobody complained.', 'for more than a decade.', 'as the weather turned.', 'without a single mistake.'];

export function prose(words: number): string {
  const out: string[] = [];
  let count = 0;
  for (let i = 0; count < words; i++) {
    const sentence = `${SUBJECTS[i % 8]} ${VERBS[(i * 3) % 8]} ${OBJECTS[(i * 5 + 1) % 8]} ${TAILS[(i * 7 + 2) % 8]}`;
    const w = sentence.split(' ');
    const take = w.slice(0, Math.min(w.length, words - count));
    let s = take.join(' ');
    if (!/[.!?]$/.test(s)) s += '.';
    out.push(s);
    count += take.length;
  }
  return out.join(' ');
}
