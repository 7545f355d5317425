// The shop search's relevance set (docs/benchmarks.md "Search relevance"): queries a shopper would
// type on the demo store (seed/catalog.ts titles; descriptions, categories and the items with a GTIN
// or model number from seed/demo.ts) with the lots each must show in its first 10 results.
// relevance.test.ts runs every query through the shop (GET /api/shop) on the demo store, seeded at
// RELEVANCE_NOW, and fails on any miss; bench/relevance.ts writes the precision and recall.
//
// Titles, not slugs: the demo's items sell several lots under one title (decision 092), and a title
// reads as what the shopper looks for. A title stands for every lot of that title.

/** When the relevance set's demo store is seeded and searched: its live lots are on sale then. */
export const RELEVANCE_NOW = new Date('2026-03-14T19:00:00Z');

export type RelevanceKind =
  | 'plural or singular'
  | 'joined words'
  | 'numbers with units'
  | 'typo'
  | 'brand'
  | 'category'
  | 'SKU, GTIN or model'
  | 'description only'
  | 'nothing';

export interface RelevanceQuery {
  kind: RelevanceKind;
  /** What the shopper types; for a SKU, the SKU of the lot of that title, as its page shows it. */
  q: string | { skuOf: string; lowerCase?: boolean };
  /** Lots that must be among the first 10 results; empty for a query that must find nothing. */
  top10: readonly string[];
  /** The lot that must come first: the query names its SKU, GTIN or model number exactly. */
  first?: string;
  /** The query finds nothing as typed and is answered by this close spelling ('Showing results for'). */
  correctedTo?: string;
  /** Every one of the first 10 results is a lot of this category (a category word). */
  allOfCategory?: string;
  /** Further lots that are a fair answer, for precision only (found or not, nothing fails). */
  alsoRelevant?: readonly string[];
}

// Titles of lots on sale in the demo store, named once where several queries expect them.
const DEWALT = 'DeWalt 20V MAX XR Brushless Drill/Driver Kit';
const MAKITA = 'Makita 18V LXT Cordless Impact Driver Kit';
const BLENDERS = [
  'KitchenAid K400 Variable Speed Countertop Blender',
  'Ninja Professional Plus Blender with Auto-iQ',
  'NutriBullet Pro 900W Personal Blender',
  'Vitamix E310 Explorian Blender, 48 oz',
];
const SENNHEISER = 'Sennheiser Momentum 4 Wireless Headphones';
const HEADPHONES = [
  'JBL Tune 760NC Wireless Over-Ear Headphones',
  SENNHEISER,
  'Bose QuietComfort Ultra Wireless Headphones',
];
const AIRPODS = 'Apple AirPods Max, Sky Blue';
const MONITORS = ['ASUS ProArt PA278QV 27" Professional Monitor', 'BenQ GW2780 27" Eye-Care IPS Monitor'];
const SELF_WATERING = [
  'Bloem Saturn Self-Watering Planter, 12"',
  'Lechuza Classico Color 21 Self-Watering Planter',
];
const PLANTERS = [
  ...SELF_WATERING,
  'Veradek Block Series Tall Planter',
  'Umbra Bellwood Planter with Wood Stand',
];
const DRAMM = 'Dramm ColorStorm Watering Can, 9 L';
const WATERING_CANS = [
  DRAMM,
  'Bloem Easy Pour Watering Can, 2 Gallon',
  'Fiskars Indoor/Outdoor Watering Can, 7.5 L',
  'Haws Heritage Metal Watering Can, 8.8 L',
];
const TOOLBOX = 'Milwaukee PACKOUT Large Tool Box';
const TOOTHBRUSHES = [
  'Oral-B Pro 1000 Rechargeable Toothbrush',
  'Philips Sonicare DiamondClean 9000 Electric Toothbrush',
];
const TIRES = [
  'Continental TrueContact Tour All-Season Tire 205/55R16',
  'Michelin Defender2 All-Season Tire 225/65R17',
  'Goodyear Assurance WeatherReady Tire 235/60R18',
];
const BATTERIES = ['DieHard Platinum AGM Battery, Group 48', 'Interstate MTZ-65 AGM Car Battery'];
const ARCTERYX = "Arc'teryx Atom Hoody Insulated Jacket, Men's L";
const LULULEMON_HOODIE = 'Lululemon Scuba Oversized Full-Zip Hoodie, M/L';
const LULULEMON_JACKET = 'Lululemon Define Jacket Nulu, Size 6';
const HOODIES = [
  'Aritzia TNA Cozy Fleece Boyfriend Hoodie, S',
  'Champion Reverse Weave Pullover Hoodie, L',
  LULULEMON_HOODIE,
  "Roots Original Kanga Hoodie, Men's M",
  ARCTERYX,
];
const JACKETS = ["Patagonia Down Sweater Jacket, Men's M", ARCTERYX, LULULEMON_JACKET];
const MAGIC_KEYBOARD = 'Apple Magic Keyboard with Touch ID';
const RAZER = 'Razer BlackWidow V4 Mechanical Gaming Keyboard';
const KEYBOARDS = [RAZER, 'Keychron K2 Wireless Mechanical Keyboard, Brown Switches', MAGIC_KEYBOARD];
const SPEAKERS = [
  'Anker Soundcore Motion+ Bluetooth Speaker',
  'Marshall Emberton II Portable Bluetooth Speaker',
];
const RUNNING_SHOES = ["Hoka Clifton 9 Running Shoes, Women's 7.5", "On Cloud 5 Running Shoes, Men's 10"];
const SMARTWATCHES = ['Garmin Forerunner 265 GPS Running Smartwatch', 'Fitbit Versa 4 Fitness Smartwatch'];
const T_SHIRTS = [
  'Uniqlo Supima Cotton Crew Neck T-Shirt, 3-Pack',
  "Levi's Classic Graphic Crewneck T-Shirt, 2-Pack",
];
const DYSON = 'Dyson Supersonic Hair Dryer, Fuchsia/Nickel';
const PHILIPS_DRYER = 'Philips Hair Dryer 5000 Series with ThermoShield';
const HAIR_DRYERS = [
  PHILIPS_DRYER,
  'T3 AireLuxe Professional Hair Dryer',
  'BaBylissPRO Nano Titanium Portofino Hair Dryer',
  'ghd Helios Professional Hair Dryer',
  DYSON,
];
const BACKPACKS = [
  'Targus CitySmart Professional Laptop Backpack 16"',
  'The North Face Borealis Backpack 28L',
];
const DAYPACK = 'Osprey Daylite Plus Daypack 20L';
const CLORE = 'Clore Jump-N-Carry JNC660 1700A Jump Starter';
const DESK_LAMPS = [
  'Globe Electric Architect Desk Lamp, Matte Black',
  'BenQ e-Reading LED Desk Lamp',
  'TaoTronics LED Desk Lamp with USB Charging Port',
];
const HP = 'HP Pavilion 15.6" Laptop, Ryzen 7, 16GB/512GB';
const LENOVO = 'Lenovo ThinkPad X1 Carbon Gen 11 14" Core i7';
const MACBOOK = 'Apple MacBook Air 13" M2, 8GB/256GB, Midnight';
const CHANEL = 'Chanel Coco Mademoiselle Eau de Parfum 100 mL';
const JO_MALONE = 'Jo Malone London Wood Sage & Sea Salt Cologne 100 mL';
const MARC_JACOBS = 'Marc Jacobs Daisy Eau de Toilette 100 mL';
const NUTELLA = 'Nutella Hazelnut Spread with Cocoa 1 kg, 2-Pack';
const DIEHARD = 'DieHard Platinum AGM Battery, Group 48';
const MX_MASTER = 'Logitech MX Master 3S Performance Wireless Mouse';
const LOGITECH_LIFT = 'Logitech Lift Vertical Ergonomic Mouse';
const SHARK = 'Shark WandVac Cordless Handheld Vacuum';
const CAMERAS = [
  'Fujifilm X-T30 II Mirrorless Camera Body',
  'Sony Alpha a6400 Mirrorless Camera with 16-50mm Lens',
];
const WATCHES = [...SMARTWATCHES, 'Samsung Galaxy Watch6 44mm Bluetooth'];
const SHOES = [
  ...RUNNING_SHOES,
  "Vans Old Skool Skate Shoes, Men's 11",
  'Converse Chuck Taylor All Star High Top, Unisex 8',
];

const forms = (q: string, top10: readonly string[], more: Partial<RelevanceQuery> = {}): RelevanceQuery => ({
  kind: 'plural or singular',
  q,
  top10,
  ...more,
});
const joined = (q: string, top10: readonly string[], more: Partial<RelevanceQuery> = {}): RelevanceQuery => ({
  kind: 'joined words',
  q,
  top10,
  ...more,
});
const units = (q: string, top10: readonly string[]): RelevanceQuery => ({
  kind: 'numbers with units',
  q,
  top10,
});
const typo = (q: string, top10: readonly string[], correctedTo: string | undefined): RelevanceQuery => ({
  kind: 'typo',
  q,
  top10,
  ...(correctedTo === undefined ? {} : { correctedTo }),
});
const brand = (q: string, top10: readonly string[]): RelevanceQuery => ({ kind: 'brand', q, top10 });
const category = (q: string, allOfCategory: string, top10: readonly string[] = []): RelevanceQuery => ({
  kind: 'category',
  q,
  top10,
  allOfCategory,
});
const exactly = (q: RelevanceQuery['q'], first: string): RelevanceQuery => ({
  kind: 'SKU, GTIN or model',
  q,
  top10: [first],
  first,
});
const described = (q: string, top10: readonly string[]): RelevanceQuery => ({
  kind: 'description only',
  q,
  top10,
});
const nothing = (q: string): RelevanceQuery => ({ kind: 'nothing', q, top10: [] });

export const RELEVANCE_SET: readonly RelevanceQuery[] = [
  // Words in any form: the English stemmer reads 'drills' as 'drill', 'batteries' as 'battery'.
  forms('drills', [DEWALT]),
  forms('blenders', BLENDERS),
  forms('headphone', HEADPHONES, { alsoRelevant: [AIRPODS] }),
  forms('monitors', MONITORS),
  forms('planters', PLANTERS),
  forms('toothbrushes', TOOTHBRUSHES),
  forms('tires', TIRES),
  forms('batteries', BATTERIES),
  forms('hoodies', HOODIES),
  forms('jacket', JACKETS),
  forms('keyboards', KEYBOARDS),
  forms('speaker', SPEAKERS),
  forms('running shoe', RUNNING_SHOES),
  forms('shear', ['Fiskars PowerGear2 Hedge Shears, 25"'], {
    alsoRelevant: ['Felco F-2 Classic Manual Hand Pruner'],
  }),

  // Joined words and hyphens: titles hold each pair of neighbouring words joined too.
  joined('watering can', WATERING_CANS),
  joined('wateringcan', WATERING_CANS),
  joined('watering-can', WATERING_CANS),
  joined('toolbox', [TOOLBOX]),
  joined('tool box', [TOOLBOX]),
  joined('smartwatch', SMARTWATCHES),
  joined('smart watch', SMARTWATCHES),
  joined('tshirt', T_SHIRTS),
  joined('t shirt', T_SHIRTS),
  joined('crew neck', T_SHIRTS),
  joined('crewneck', T_SHIRTS),
  joined('hairdryer', HAIR_DRYERS),
  joined('hair-dryer', HAIR_DRYERS),
  joined('back pack', BACKPACKS, { alsoRelevant: [DAYPACK] }),
  joined('selfwatering planter', SELF_WATERING),
  joined('fullzip hoodie', [LULULEMON_HOODIE]),
  joined('jumpstarter', [CLORE]),
  joined('desklamp', DESK_LAMPS),
  joined('eyecare monitor', ['BenQ GW2780 27" Eye-Care IPS Monitor']),
  joined('over ear headphones', ['JBL Tune 760NC Wireless Over-Ear Headphones']),

  // Numbers with units, written one way: '20 volt', '20-volt' and '20V' are all '20v'.
  units('20 volt drill', [DEWALT]),
  units('20-volt', [DEWALT]),
  units('18 volt', [MAKITA]),
  units('27 inch monitor', MONITORS),
  units('27" monitor', MONITORS),
  units('15.6 inch laptop', [HP]),
  units('900 watt blender', ['NutriBullet Pro 900W Personal Blender']),
  units('1700 amp', [CLORE]),
  units('48 ounce', ['Vitamix E310 Explorian Blender, 48 oz']),
  units('3 liter olive oil', ['Filippo Berio Extra Virgin Olive Oil, 3 L']),
  units('28 litre backpack', ['The North Face Borealis Backpack 28L']),
  units('9 litres', [DRAMM]),
  units('16 gb', [HP]),
  units('256gb', [MACBOOK]),
  units('100 ml', [CHANEL, MARC_JACOBS, JO_MALONE]),
  units('17 inch wheel', ['Enkei RPF1 17" Alloy Wheel, Silver']),
  units('12in planter', ['Bloem Saturn Self-Watering Planter, 12"']),

  // Typos by one or two letters: nothing matches as typed, so the close spelling answers
  // ('Showing results for ...'); 'headphons' needs none (the stemmer reads it as 'headphones').
  typo('macbok', [MACBOOK], 'macbook'),
  typo('sennhieser', [SENNHEISER], 'sennheiser'),
  typo('keybaord', KEYBOARDS, 'keyboard'),
  typo('hedphones', HEADPHONES, 'headphones'),
  typo('headphons', HEADPHONES, undefined),
  typo('shark vacum', [SHARK], 'shark vacuum'),
  typo('patagonai', ["Patagonia Down Sweater Jacket, Men's M"], 'patagonia'),
  typo('wireles mouse', [MX_MASTER], 'wireless mouse'),
  typo('nutela', [NUTELLA], 'nutella'),
  typo('toothbruh', TOOTHBRUSHES, 'toothbrush'),
  typo('dewlat drill', [DEWALT], 'dewalt drill'),
  typo('dyson hair drier', [DYSON], 'dyson hair dryer'),
  typo('vitamx blender', ['Vitamix E310 Explorian Blender, 48 oz'], 'vitamix blender'),
  typo('lululemn', [LULULEMON_HOODIE, LULULEMON_JACKET], 'lululemon'),
  typo('mirrorles camera', CAMERAS, 'mirrorless camera'),

  // A brand alone.
  brand('dewalt', [DEWALT]),
  brand('sennheiser', [SENNHEISER]),
  brand('apple', [MACBOOK, AIRPODS, MAGIC_KEYBOARD]),
  brand('logitech', [MX_MASTER, LOGITECH_LIFT]),
  brand('the north face', ['The North Face Borealis Backpack 28L']),
  brand('arcteryx', [ARCTERYX]),
  brand('levis', ["Levi's Classic Graphic Crewneck T-Shirt, 2-Pack"]),
  brand('oral b', ['Oral-B Pro 1000 Rechargeable Toothbrush']),
  brand('philips', [PHILIPS_DRYER, 'Philips Sonicare DiamondClean 9000 Electric Toothbrush']),
  brand('fiskars', ['Fiskars Indoor/Outdoor Watering Can, 7.5 L', 'Fiskars PowerGear2 Hedge Shears, 25"']),
  brand('new balance', ["New Balance 990v6 Made in USA Sneakers, Men's 9.5"]),

  // A category's words: the lots of the category; one whose title says the word comes first.
  category('garden', 'Garden & Tools', ['AeroGarden Harvest Indoor Garden with LED Grow Light']),
  category('tools', 'Garden & Tools', [TOOLBOX]),
  category('beauty', 'Beauty & Health', ['First Aid Beauty Ultra Repair Cream 170 g']),
  category('grocery', 'Food & Grocery'),
  category('electronics', 'Electronics'),
  category('automotive', 'Automotive'),
  category('clothing', 'Clothing'),
  category('office', 'Computer & Office'),

  // Named exactly: a GTIN in any of its forms, a model number as written or run together, a SKU.
  exactly('00012345678905', SENNHEISER),
  exactly('012345678905', SENNHEISER),
  exactly('4006381333931', NUTELLA),
  exactly('9780306406157', CHANEL),
  exactly('RB-200', DIEHARD),
  exactly('rb200', DIEHARD),
  exactly('QX-7 Pro', DRAMM),
  exactly({ skuOf: MAGIC_KEYBOARD }, MAGIC_KEYBOARD),
  exactly({ skuOf: LOGITECH_LIFT, lowerCase: true }, LOGITECH_LIFT),

  // Words only in descriptions (the inspection notes of seed/catalog.ts).
  described('sanitised', [
    'JBL Tune 760NC Wireless Over-Ear Headphones',
    'KitchenAid K400 Variable Speed Countertop Blender',
    SENNHEISER,
    'Ninja Professional Plus Blender with Auto-iQ',
    'NutriBullet Pro 900W Personal Blender',
  ]),
  described('atomiser', [CHANEL, JO_MALONE]),
  described('heart rate', WATCHES),
  described('dead pixels', [HP, LENOVO]),
  described('keycaps', [RAZER, MAGIC_KEYBOARD]),
  described('drawcords', [
    'Aritzia TNA Cozy Fleece Boyfriend Hoodie, S',
    "Roots Original Kanga Hoodie, Men's M",
  ]),
  described('sidewalls', [TIRES[0]!, TIRES[2]!]),
  described('tread depth', [TIRES[1]!, 'Enkei RPF1 17" Alloy Wheel, Silver']),
  described('scroll wheel', [MX_MASTER, LOGITECH_LIFT, 'Microsoft Arc Mouse, Bluetooth']),
  described('insoles', SHOES),
  described('reservoir', [
    'Lechuza Classico Color 21 Self-Watering Planter',
    'Veradek Block Series Tall Planter',
    'Umbra Bellwood Planter with Wood Stand',
    'AeroGarden Harvest Indoor Garden with LED Grow Light',
  ]),
  described('shutter count', [...CAMERAS, SENNHEISER]),
  described('noise cancelling', ['Bose QuietComfort Ultra Wireless Headphones', AIRPODS]),
  described('suction', [SHARK]),

  // Nothing on sale matches: not in the catalogue, or in it but not on sale now ('dash cam',
  // 'iphone'), or no word at all.
  nothing('kayak'),
  nothing('playstation 5'),
  nothing('xqzv'),
  nothing('dash cam'),
  nothing('iphone'),
  nothing('snowblower'),
  nothing('gaming chair'),
  nothing('%%%'),
];

/** What a query's answer shows: the first page's lots in order, and the close spelling it used. */
export interface RelevanceAnswer {
  lots: readonly { title: string; categoryName: string }[];
  correction: string | null;
}

export interface RelevanceJudgement {
  /** What the answer got wrong, one line each (empty: it passes). */
  misses: string[];
  /** Lots of `top10` among the first 10, of how many. */
  found: number;
  required: number;
  /** Lots among the first 10, and how many of them are a fair answer (top10, alsoRelevant, allOfCategory). */
  shown: number;
  relevant: number;
}

/** How one answer measures against its query. */
export function judgeRelevance(query: RelevanceQuery, answer: RelevanceAnswer): RelevanceJudgement {
  const first10 = answer.lots.slice(0, 10);
  const titles = new Set(first10.map((lot) => lot.title));
  const misses: string[] = [];
  const missing = [...new Set(query.top10)].filter((title) => !titles.has(title));
  for (const title of missing) misses.push(`missing from the first 10: ${title}`);
  if (query.kind === 'nothing' && answer.lots.length > 0)
    misses.push(`found ${answer.lots.length} lots, first ${answer.lots[0]?.title}`);
  if (query.first !== undefined && answer.lots[0]?.title !== query.first)
    misses.push(`first is ${answer.lots[0]?.title ?? 'nothing'}, not ${query.first}`);
  if ((query.correctedTo ?? null) !== answer.correction)
    misses.push(
      `answered for ${answer.correction ?? 'the query as typed'}, not ${query.correctedTo ?? 'as typed'}`,
    );
  if (query.allOfCategory !== undefined) {
    const others = first10.filter((lot) => lot.categoryName !== query.allOfCategory);
    for (const lot of others) misses.push(`not of ${query.allOfCategory}: ${lot.title}`);
    if (first10.length < 10) misses.push(`only ${first10.length} lots of ${query.allOfCategory}`);
  }
  const fair = new Set([...query.top10, ...(query.alsoRelevant ?? [])]);
  const relevant = first10.filter(
    (lot) => fair.has(lot.title) || lot.categoryName === query.allOfCategory,
  ).length;
  return {
    misses,
    found: query.top10.length - missing.length,
    required: new Set(query.top10).size,
    shown: first10.length,
    relevant,
  };
}

export interface RelevanceFigures {
  queries: number;
  /** Mean over the queries that show lots: the share of their first 10 that is a fair answer. */
  precisionAt10: number;
  /** Of all lots the queries must show in their first 10, the share shown. */
  recall: number;
  /** Must-find-nothing queries that found nothing, of how many. */
  nothingFound: number;
  nothingQueries: number;
  /** Queries with no miss. */
  passed: number;
}

/** The set's figures over `results` (each query with its judgement). */
export function relevanceFigures(
  results: readonly { query: RelevanceQuery; judgement: RelevanceJudgement }[],
): RelevanceFigures {
  const showing = results.filter((r) => r.judgement.shown > 0);
  const nothing = results.filter((r) => r.query.kind === 'nothing');
  const required = results.reduce((n, r) => n + r.judgement.required, 0);
  const found = results.reduce((n, r) => n + r.judgement.found, 0);
  return {
    queries: results.length,
    precisionAt10:
      showing.reduce((sum, r) => sum + r.judgement.relevant / r.judgement.shown, 0) /
      Math.max(1, showing.length),
    recall: required === 0 ? 1 : found / required,
    nothingFound: nothing.filter((r) => r.judgement.shown === 0).length,
    nothingQueries: nothing.length,
    passed: results.filter((r) => r.judgement.misses.length === 0).length,
  };
}
