/**
 * Irregular English inflections, base form first, for generating forms (the lexicon's tables go the other
 * way, form → base, and do not tell a past tense from a past participle, which re-inflecting needs).
 * Kept as strings so the module stays cheap to load; parsed once.
 */

/** `base past participle` — the common irregular verbs. */
const VERBS = `
arise arose arisen;awake awoke awoken;be was been;bear bore borne;beat beat beaten;become became become;begin began begun;
bend bent bent;bet bet bet;bind bound bound;bite bit bitten;bleed bled bled;blow blew blown;break broke broken;breed bred bred;
bring brought brought;build built built;burst burst burst;buy bought bought;cast cast cast;catch caught caught;
choose chose chosen;cling clung clung;come came come;cost cost cost;creep crept crept;cut cut cut;deal dealt dealt;dig dug dug;
do did done;draw drew drawn;drink drank drunk;drive drove driven;eat ate eaten;fall fell fallen;feed fed fed;feel felt felt;
fight fought fought;find found found;flee fled fled;fling flung flung;fly flew flown;forbid forbade forbidden;
forget forgot forgotten;forgive forgave forgiven;freeze froze frozen;get got gotten;give gave given;go went gone;
grind ground ground;grow grew grown;hang hung hung;have had had;hear heard heard;hide hid hidden;hit hit hit;hold held held;
hurt hurt hurt;keep kept kept;kneel knelt knelt;know knew known;lay laid laid;lead led led;leave left left;lend lent lent;
let let let;lie lay lain;light lit lit;lose lost lost;make made made;mean meant meant;meet met met;mistake mistook mistaken;
pay paid paid;prove proved proven;put put put;quit quit quit;read read read;ride rode ridden;ring rang rung;rise rose risen;
run ran run;say said said;see saw seen;seek sought sought;sell sold sold;send sent sent;set set set;sew sewed sewn;
shake shook shaken;shed shed shed;shine shone shone;shoot shot shot;show showed shown;shrink shrank shrunk;shut shut shut;
sing sang sung;sink sank sunk;sit sat sat;sleep slept slept;slide slid slid;sling slung slung;speak spoke spoken;
speed sped sped;spend spent spent;spin spun spun;spit spat spat;split split split;spread spread spread;spring sprang sprung;
stand stood stood;steal stole stolen;stick stuck stuck;sting stung stung;stink stank stunk;stride strode stridden;
strike struck struck;strive strove striven;swear swore sworn;sweep swept swept;swim swam swum;swing swung swung;
take took taken;teach taught taught;tear tore torn;tell told told;think thought thought;throw threw thrown;thrust thrust thrust;
tread trod trodden;understand understood understood;undertake undertook undertaken;undergo underwent undergone;upset upset upset;
wake woke woken;wear wore worn;weave wove woven;weep wept wept;win won won;wind wound wound;withdraw withdrew withdrawn;
wring wrung wrung;write wrote written;overcome overcame overcome;overtake overtook overtaken;oversee oversaw overseen;
overthrow overthrew overthrown;mislead misled misled;misunderstand misunderstood misunderstood;foresee foresaw foreseen;
withhold withheld withheld;withstand withstood withstood;rebuild rebuilt rebuilt;redo redid redone;remake remade remade;
rewrite rewrote rewritten;undo undid undone;outdo outdid outdone;outgrow outgrew outgrown;slay slew slain;
`;

/** `singular plural` — irregular and unchanging noun plurals. */
const NOUNS = `
man men;woman women;child children;foot feet;tooth teeth;goose geese;mouse mice;louse lice;ox oxen;person people;
knife knives;wife wives;life lives;leaf leaves;loaf loaves;half halves;calf calves;self selves;shelf shelves;thief thieves;
wolf wolves;elf elves;scarf scarves;hoof hooves;criterion criteria;phenomenon phenomena;datum data;medium media;
bacterium bacteria;curriculum curricula;stratum strata;millennium millennia;analysis analyses;basis bases;crisis crises;
diagnosis diagnoses;hypothesis hypotheses;thesis theses;oasis oases;parenthesis parentheses;synthesis syntheses;
emphasis emphases;axis axes;cactus cacti;fungus fungi;nucleus nuclei;radius radii;stimulus stimuli;syllabus syllabi;
appendix appendices;index indices;matrix matrices;vertex vertices;formula formulae;larva larvae;vertebra vertebrae;alga algae;
hero heroes;potato potatoes;tomato tomatoes;echo echoes;veto vetoes;torpedo torpedoes;mosquito mosquitoes;
sheep sheep;fish fish;deer deer;series series;species species;aircraft aircraft;offspring offspring;moose moose;swine swine;
`;

/** `base comparative superlative`. */
const ADJECTIVES = `
good better best;well better best;bad worse worst;ill worse worst;far farther farthest;little less least;many more most;much more most;
old older oldest;
`;

export interface VerbForms {
  past: string;
  participle: string;
}

function parse<T>(table: string, make: (parts: string[]) => T): Map<string, T> {
  const map = new Map<string, T>();
  for (const entry of table.split(/[;\n]/)) {
    const parts = entry.trim().split(/\s+/);
    if (parts.length >= 2 && parts[0]) map.set(parts[0], make(parts));
  }
  return map;
}

export const IRREGULAR_VERBS: ReadonlyMap<string, VerbForms> = parse(VERBS, (p) => ({ past: p[1]!, participle: p[2] ?? p[1]! }));
export const IRREGULAR_PLURALS: ReadonlyMap<string, string> = parse(NOUNS, (p) => p[1]!);
export const IRREGULAR_COMPARISON: ReadonlyMap<string, { comparative: string; superlative: string }> = parse(ADJECTIVES, (p) => ({
  comparative: p[1]!,
  superlative: p[2] ?? p[1]!,
}));
