/**
 * Made-up people for the demo school: names that look Indian and real, from lists of common first
 * names and surnames of several regions, drawn deterministically (the same demo on every start),
 * with made-up addresses in real districts (checked against india-state-district by the seed's
 * test) and made-up mobile numbers. No real persons: a name, an address and a number are drawn
 * independently. The journeys search for some names (Ravi, Kavya, Meenal, Kabir, Gita, Rohan …)
 * and the demo family's surname Verma: the lists leave them out so those searches stay exact.
 */

/** A number in [0, 1) from a string: FNV-1a, then a final mix (deterministic noise). */
export function unit(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  h ^= h >>> 12;
  return (h >>> 0) / 2 ** 32;
}

/** One item of a list, chosen by a key. */
export const pick = <T>(list: readonly T[], key: string): T => list[Math.floor(unit(key) * list.length)]!;

interface Region {
  weight: number;
  religion: string;
  boys: string[];
  girls: string[];
  men: string[];
  women: string[];
  surnames: string[];
}

/** Families of a school in Jaipur: mostly from the Hindi-speaking north, some from everywhere. */
const REGIONS: Record<string, Region> = {
  north: {
    weight: 46,
    religion: 'Hindu',
    boys: ['Aryan', 'Vivaan', 'Ishaan', 'Krish', 'Ayush', 'Harsh', 'Yash', 'Dev', 'Aditya', 'Arnav', 'Shivansh', 'Pranav', 'Lakshya', 'Manan', 'Parth', 'Naman', 'Kunal', 'Tanmay', 'Rudra', 'Ansh'],
    girls: ['Aanya', 'Ira', 'Khushi', 'Prachi', 'Tanvi', 'Muskan', 'Nandini', 'Pihu', 'Shreya', 'Sakshi', 'Anushka', 'Kritika', 'Vanshika', 'Palak', 'Jhanvi', 'Mahi', 'Aaradhya', 'Siya'],
    men: ['Rajesh', 'Sunil', 'Manoj', 'Vikas', 'Amit', 'Ashok', 'Pankaj', 'Sandeep', 'Rakesh', 'Naveen', 'Alok', 'Vinod', 'Mukesh', 'Dinesh'],
    women: ['Pooja', 'Neha', 'Seema', 'Rashmi', 'Sapna', 'Kiran', 'Nisha', 'Preeti', 'Shalini', 'Ritu', 'Anjali', 'Vandana', 'Mamta', 'Suman'],
    surnames: ['Sharma', 'Gupta', 'Agarwal', 'Mishra', 'Pandey', 'Tiwari', 'Yadav', 'Chauhan', 'Saxena', 'Srivastava', 'Shekhawat', 'Rathore', 'Jain', 'Khandelwal', 'Mathur', 'Bansal', 'Goyal', 'Thakur', 'Singh', 'Choudhary'],
  },
  punjab: {
    weight: 8,
    religion: 'Sikh',
    boys: ['Harman', 'Jaskaran', 'Ekam', 'Armaan', 'Sahil', 'Gurnoor'],
    girls: ['Simran', 'Harleen', 'Jasleen', 'Mehak', 'Gurleen', 'Navneet'],
    men: ['Harpreet', 'Gurpreet', 'Manpreet', 'Rajinder', 'Kuldeep', 'Jaswinder'],
    women: ['Harjeet', 'Kulwinder', 'Manjeet', 'Rupinder', 'Parminder', 'Amandeep'],
    surnames: ['Gill', 'Sandhu', 'Dhillon', 'Grewal', 'Bedi', 'Ahluwalia', 'Sethi', 'Arora', 'Khurana', 'Malhotra', 'Kapoor'],
  },
  east: {
    weight: 6,
    religion: 'Hindu',
    boys: ['Arka', 'Rishav', 'Souvik', 'Anirban', 'Sayan', 'Debjit'],
    girls: ['Ankita', 'Tiyasha', 'Sreeja', 'Moumita', 'Riddhi', 'Paromita'],
    men: ['Subhash', 'Partha', 'Arindam', 'Sudip', 'Tapas', 'Biswajit'],
    women: ['Soma', 'Rupa', 'Mitali', 'Sharmila', 'Tanushree', 'Sudeshna'],
    surnames: ['Banerjee', 'Chatterjee', 'Mukherjee', 'Bose', 'Das', 'Ghosh', 'Sen', 'Dutta', 'Roy'],
  },
  west: {
    weight: 10,
    religion: 'Hindu',
    boys: ['Omkar', 'Soham', 'Tejas', 'Hardik', 'Jay', 'Neel', 'Dhruv', 'Varad'],
    girls: ['Gauri', 'Sayali', 'Mrunal', 'Janvi', 'Krisha', 'Dhwani', 'Isha', 'Rutuja'],
    men: ['Sachin', 'Mahesh', 'Nilesh', 'Hitesh', 'Jignesh', 'Prashant'],
    women: ['Swati', 'Madhuri', 'Ashwini', 'Hetal', 'Falguni', 'Bhavna'],
    surnames: ['Kulkarni', 'Deshpande', 'Patil', 'Joshi', 'Jadhav', 'Patel', 'Shah', 'Desai', 'Mehta', 'Parikh'],
  },
  south: {
    weight: 14,
    religion: 'Hindu',
    boys: ['Karthik', 'Vishnu', 'Arjun', 'Siddharth', 'Sai', 'Adarsh', 'Nikhil', 'Varun', 'Akhil', 'Abhinav'],
    girls: ['Keerthi', 'Nithya', 'Sneha', 'Divya', 'Meghana', 'Anagha', 'Lavanya', 'Sahana', 'Varsha', 'Aparna'],
    men: ['Srinivas', 'Venkatesh', 'Ramesh', 'Prakash', 'Ganesh', 'Murali', 'Anil', 'Raghav'],
    women: ['Padma', 'Revathi', 'Sujatha', 'Shobha', 'Deepa', 'Latha', 'Geetha', 'Usha'],
    surnames: ['Iyer', 'Iyengar', 'Krishnan', 'Subramanian', 'Reddy', 'Naidu', 'Rao', 'Nair', 'Menon', 'Pillai', 'Kurup', 'Shetty', 'Hegde', 'Gowda'],
  },
  urdu: {
    weight: 12,
    religion: 'Islam',
    boys: ['Ayaan', 'Zaid', 'Arhaan', 'Faizan', 'Rehan', 'Ibrahim', 'Arham', 'Hamza'],
    girls: ['Zoya', 'Inaya', 'Alisha', 'Sana', 'Mahira', 'Anam', 'Aisha', 'Alina'],
    men: ['Imran', 'Salim', 'Javed', 'Irfan', 'Rashid', 'Asif', 'Nadeem', 'Shahid'],
    women: ['Nazia', 'Shabana', 'Farah', 'Rukhsar', 'Shaista', 'Yasmin', 'Tabassum', 'Noor'],
    surnames: ['Khan', 'Sheikh', 'Qureshi', 'Ansari', 'Siddiqui', 'Mirza', 'Syed', 'Pathan', 'Rizvi'],
  },
};
const REGION_KEYS = Object.keys(REGIONS);
const TOTAL_WEIGHT = REGION_KEYS.reduce((sum, k) => sum + REGIONS[k]!.weight, 0);

function regionOf(key: string): Region {
  let r = unit(`${key}/region`) * TOTAL_WEIGHT;
  for (const k of REGION_KEYS) {
    r -= REGIONS[k]!.weight;
    if (r < 0) return REGIONS[k]!;
  }
  return REGIONS.north!;
}
/** The region a surname comes from (north when it is in no list). */
function regionOfSurname(surname: string): Region {
  return Object.values(REGIONS).find((r) => r.surnames.includes(surname)) ?? REGIONS.north!;
}

/** Where families live: localities of Jaipur (most), and towns of nearby districts; real PIN codes. */
const PLACES: Array<{ locality: string; city: string; district: string; zip: string; weight: number }> = [
  { locality: 'Malviya Nagar', city: 'Jaipur', district: 'Jaipur', zip: '302017', weight: 5 },
  { locality: 'Vaishali Nagar', city: 'Jaipur', district: 'Jaipur', zip: '302021', weight: 5 },
  { locality: 'Mansarovar', city: 'Jaipur', district: 'Jaipur', zip: '302020', weight: 6 },
  { locality: 'C-Scheme', city: 'Jaipur', district: 'Jaipur', zip: '302001', weight: 2 },
  { locality: 'Raja Park', city: 'Jaipur', district: 'Jaipur', zip: '302004', weight: 3 },
  { locality: 'Bani Park', city: 'Jaipur', district: 'Jaipur', zip: '302016', weight: 3 },
  { locality: 'Durgapura', city: 'Jaipur', district: 'Jaipur', zip: '302018', weight: 3 },
  { locality: 'Jhotwara', city: 'Jaipur', district: 'Jaipur', zip: '302012', weight: 3 },
  { locality: 'Sanganer', city: 'Jaipur', district: 'Jaipur', zip: '302029', weight: 3 },
  { locality: 'Pratap Nagar', city: 'Jaipur', district: 'Jaipur', zip: '302033', weight: 4 },
  { locality: 'Civil Lines', city: 'Jaipur', district: 'Jaipur', zip: '302006', weight: 1 },
  { locality: 'Chomu', city: 'Chomu', district: 'Jaipur', zip: '303702', weight: 1 },
  { locality: 'Bassi', city: 'Dausa', district: 'Dausa', zip: '303303', weight: 1 },
  { locality: 'Vaishali', city: 'Ajmer', district: 'Ajmer', zip: '305001', weight: 1 },
  { locality: 'Station Road', city: 'Sikar', district: 'Sikar', zip: '332001', weight: 1 },
  { locality: 'Civil Lines', city: 'Tonk', district: 'Tonk', zip: '304001', weight: 1 },
];
const PLACE_WEIGHT = PLACES.reduce((sum, p) => sum + p.weight, 0);
export const DEMO_STATE = 'Rajasthan';
/** The districts the demo's addresses use (the test checks them against the master data). */
export const DEMO_DISTRICTS = [...new Set(PLACES.map((p) => p.district))];

export interface Address {
  address: string;
  city: string;
  district: string;
  state: string;
  zip: string;
}

function addressOf(key: string): Address {
  let r = unit(`${key}/place`) * PLACE_WEIGHT;
  const place = PLACES.find((p) => (r -= p.weight) < 0) ?? PLACES[0]!;
  const block = 'ABCDE'[Math.floor(unit(`${key}/block`) * 5)];
  const house = 1 + Math.floor(unit(`${key}/house`) * 380);
  return { address: `${block}-${house}, ${place.locality}`, city: place.city, district: place.district, state: DEMO_STATE, zip: place.zip };
}

/** A made-up mobile number, 98xxx xxxxx (the demo sends no SMS; none belongs to anyone we know). */
export function phoneOf(key: string): string {
  const digits = String(Math.floor(unit(`${key}/phone`) * 1e8)).padStart(8, '0');
  return `+91 98${digits.slice(0, 3)} ${digits.slice(3)}`;
}

const BLOOD: Array<[string, number]> = [['B+', 32], ['O+', 29], ['A+', 22], ['AB+', 8], ['B-', 3], ['O-', 3], ['A-', 2], ['AB-', 1]];
function bloodOf(key: string): string {
  let r = unit(`${key}/blood`) * 100;
  return (BLOOD.find(([, w]) => (r -= w) < 0) ?? BLOOD[0]!)[0];
}

const OCCUPATIONS = ['Businessman', 'Shopkeeper', 'Engineer', 'Government service', 'Bank officer', 'Doctor', 'Teacher', 'Accountant', 'Farmer', 'Contractor', 'Army officer', 'Software engineer', 'Lawyer', 'Driver'];

export interface DemoAdult extends Address {
  first: string;
  last: string;
  gender: 'male' | 'female';
  contact: string;
}
export interface DemoChild {
  first: string;
  last: string;
  gender: 'male' | 'female';
  dateOfBirth: string;
  bloodGroup: string;
  religion: string;
  motherName: string;
  fatherOccupation: string;
}
export interface DemoFamily {
  parent: DemoAdult;
  /** A child's made-up details (name, birth date by the class it is in). */
  child: (key: string, classYear: number, sessionYear: number, name?: { first: string; last: string }) => DemoChild & Address;
}

/**
 * A family: its surname and region (from `surname` when given, else drawn), one parent account
 * (the mother or the father), an address and a number; its children share them.
 */
export function familyOf(key: string, surname?: string): DemoFamily {
  const region = surname ? regionOfSurname(surname) : regionOf(key);
  const last = surname ?? pick(region.surnames, `${key}/surname`);
  const mother = pick(region.women, `${key}/mother`);
  const father = pick(region.men, `${key}/father`);
  const motherSigns = unit(`${key}/who`) < 0.55;
  const home = addressOf(key);
  const parent: DemoAdult = { first: motherSigns ? mother : father, last, gender: motherSigns ? 'female' : 'male', contact: phoneOf(key), ...home };
  const fatherOccupation = pick(OCCUPATIONS, `${key}/occupation`);
  return {
    parent,
    child: (childKey, classYear, sessionYear, name) => {
      const gender = unit(`${childKey}/gender`) < 0.52 ? 'male' : 'female';
      // Class n's children are n + 5 on 1 April of the session: born between April and March.
      const born = Date.UTC(sessionYear - classYear - 6, 3, 1) + Math.floor(unit(`${childKey}/born`) * 365) * 86_400_000;
      return {
        first: name?.first ?? pick(gender === 'male' ? region.boys : region.girls, `${childKey}/first`),
        last: name?.last ?? last,
        gender,
        dateOfBirth: new Date(born).toISOString().slice(0, 10),
        bloodGroup: bloodOf(childKey),
        religion: last === 'Jain' ? 'Jain' : region.religion,
        motherName: `${mother} ${last}`,
        fatherOccupation,
        ...home,
      };
    },
  };
}

/** A teacher's made-up name from any region (either gender). */
export function adultOf(key: string): DemoAdult {
  const region = regionOf(key);
  const gender = unit(`${key}/gender`) < 0.6 ? 'female' : 'male';
  return {
    first: pick(gender === 'female' ? region.women : region.men, `${key}/first`),
    last: pick(region.surnames, `${key}/surname`),
    gender,
    contact: phoneOf(key),
    ...addressOf(key),
  };
}
