export const MOTIFS = [
  'sun', 'moon', 'stars', 'water', 'mountains', 'hills', 'trees', 'city', 'clouds', 'flowers',
  'birds', 'house', 'snow', 'night', 'sunset', 'desert', 'rain', 'river', 'boat',
] as const;
export type Motif = (typeof MOTIFS)[number];

/** Singular base words; plurals are folded onto these by the tokenizer. */
export const MOTIF_WORDS: Readonly<Record<string, Motif>> = {
  sun: 'sun', sunny: 'sun', sunshine: 'sun', sunlight: 'sun',
  moon: 'moon', moonlight: 'moon', moonlit: 'moon',
  star: 'stars', starry: 'stars', starlight: 'stars', galaxy: 'stars',
  sea: 'water', ocean: 'water', water: 'water', lake: 'water', wave: 'water', beach: 'water', pond: 'water', bay: 'water',
  mountain: 'mountains', peak: 'mountains', alp: 'mountains', volcano: 'mountains',
  hill: 'hills', meadow: 'hills', valley: 'hills', field: 'hills',
  tree: 'trees', forest: 'trees', wood: 'trees', pine: 'trees', jungle: 'trees',
  city: 'city', building: 'city', skyline: 'city', skyscraper: 'city', town: 'city', tower: 'city', street: 'city',
  cloud: 'clouds', cloudy: 'clouds',
  flower: 'flowers', blossom: 'flowers', garden: 'flowers', tulip: 'flowers', daisy: 'flowers',
  bird: 'birds', seagull: 'birds', gull: 'birds',
  house: 'house', home: 'house', cottage: 'house', cabin: 'house', hut: 'house', barn: 'house',
  snow: 'snow', snowy: 'snow', snowfall: 'snow', winter: 'snow', snowflake: 'snow',
  night: 'night', midnight: 'night', nighttime: 'night', evening: 'night',
  sunset: 'sunset', sunrise: 'sunset', dusk: 'sunset', dawn: 'sunset', twilight: 'sunset',
  desert: 'desert', dune: 'desert', sand: 'desert', sahara: 'desert',
  rain: 'rain', rainy: 'rain', raining: 'rain', storm: 'rain', drizzle: 'rain',
  river: 'river', stream: 'river', creek: 'river', brook: 'river',
  boat: 'boat', ship: 'boat', sailboat: 'boat', yacht: 'boat', canoe: 'boat',
};
