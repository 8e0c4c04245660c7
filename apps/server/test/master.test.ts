import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_CITIES_PER_DISTRICT, masterData, townNames } from '../src/modules/master/service.js';
import { everyRole, setupApp, type TestEnv } from './helpers.js';

let env: TestEnv;
let token: string;
let studentToken: string;

beforeAll(async () => {
  env = await setupApp();
  const { users } = await everyRole(env);
  token = users[113].token;
  studentToken = users[116].token;
});
afterAll(() => env?.close());

interface Place {
  id: string;
  name: string;
}
const get = (url: string, t: string | null = token) => env.app.inject({ url, headers: t ? { token: t } : {} });
const list = async (url: string): Promise<Place[]> => {
  const res = await get(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as Place[];
};
const byName = (places: Place[], name: string) => places.find((p) => p.name === name);

function expectSortedAndUnique(places: Place[]) {
  expect(places.map((p) => p.name)).toEqual([...places.map((p) => p.name)].sort((a, b) => a.localeCompare(b, 'en')));
  expect(new Set(places.map((p) => p.id)).size).toBe(places.length);
}

describe('GET /api/states', () => {
  it('lists the 36 states and union territories, sorted by name, with stable ids', async () => {
    const states = await list('/api/states');
    expect(states).toHaveLength(36);
    expectSortedAndUnique(states);
    for (const name of ['Rajasthan', 'Delhi', 'Ladakh', 'Telangana', 'Tamil Nadu', 'Dadra and Nagar Haveli and Daman and Diu']) {
      expect(byName(states, name), name).toBeDefined();
    }
    expect(byName(states, 'Rajasthan')).toEqual({ id: 'RJ', name: 'Rajasthan' });
    expect(byName(states, 'New Delhi')).toBeUndefined();
  });

  it('may be cached by the browser, and is open to every role', async () => {
    const res = await get('/api/states', studentToken);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, max-age=86400');
  });

  it('answers 401 without a session', async () => {
    for (const url of ['/api/states', '/api/districts/RJ', '/api/cities/RJ-jaipur']) {
      const res = await get(url, null);
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toBe('UNAUTHENTICATED');
    }
  });
});

describe('GET /api/districts/:stateId', () => {
  it('lists the districts of a state', async () => {
    const rajasthan = byName(await list('/api/states'), 'Rajasthan')!;
    const districts = await list(`/api/districts/${rajasthan.id}`);
    expectSortedAndUnique(districts);
    expect(districts.length).toBeGreaterThanOrEqual(33);
    expect(districts.map((d) => d.name)).toEqual(expect.arrayContaining(['Jaipur', 'Jodhpur', 'Udaipur', 'Sri Ganganagar']));
    expect(byName(districts, 'Jaipur')!.id).toBe('RJ-jaipur');
  });

  it('lists Delhi’s districts and Ladakh’s, and takes the id in any case', async () => {
    expect((await list('/api/districts/DL')).map((d) => d.name)).toEqual(expect.arrayContaining(['New Delhi', 'Shahdara', 'South Delhi']));
    expect((await list('/api/districts/la')).map((d) => d.name)).toEqual(['Kargil', 'Leh']);
  });

  it('answers 404 for an unknown state and 400 for an over-long id', async () => {
    const res = await get('/api/districts/XX');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'NOT_FOUND', message: 'State not found.' });
    expect((await get(`/api/districts/${'A'.repeat(41)}`)).statusCode).toBe(400);
  });
});

describe('GET /api/cities/:districtId', () => {
  it('lists the towns of a district, sorted and without duplicates', async () => {
    const cities = await list('/api/cities/RJ-jaipur');
    expectSortedAndUnique(cities);
    expect(cities.map((c) => c.name)).toEqual(expect.arrayContaining(['Jaipur', 'Sanganer', 'Chomu', 'Kotputli', 'Phulera']));
    expect(cities.length).toBeLessThanOrEqual(MAX_CITIES_PER_DISTRICT);
    expect(cities.every((c) => c.id.startsWith('RJ-jaipur-'))).toBe(true);
  });

  it('finds the towns of renamed and newer districts', async () => {
    expect((await list('/api/cities/HR-gurugram')).length).toBeGreaterThan(0); // Gurgaon in the postal directory
    expect((await list('/api/cities/LA-leh')).map((c) => c.name)).toContain('Leh'); // under J&K there
    expect((await list('/api/cities/MH-palghar')).map((c) => c.name)).toContain('Palghar'); // formed in 2014
  });

  it('answers 404 for an unknown district', async () => {
    const res = await get('/api/cities/RJ-atlantis');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'NOT_FOUND', message: 'District not found.' });
  });
});

describe('master data', () => {
  it('gives every state districts, and nearly every district its towns, within the cap', async () => {
    const data = await masterData();
    const districts = [...data.districts.values()].flat();
    expect(data.districts.size).toBe(36);
    for (const [state, list] of data.districts) expect(list.length, state).toBeGreaterThan(0);
    const withTowns = districts.filter((d) => (data.cities.get(d.id.toLowerCase())?.length ?? 0) > 0);
    expect(withTowns.length / districts.length).toBeGreaterThan(0.95);
    for (const list of data.cities.values()) expect(list.length).toBeLessThanOrEqual(MAX_CITIES_PER_DISTRICT);
  });

  it('cleans the postal directory’s names', () => {
    expect(townNames('Phulera (Hq.Sambhar)')).toEqual(['Phulera']);
    expect(townNames('New Delhi/ Delhi')).toEqual(['New Delhi', 'Delhi']);
    expect(townNames('BINDAYAKA')).toEqual(['Bindayaka']);
    expect(townNames('hazratganj')).toEqual(['Hazratganj']);
    expect(townNames('Cherukupalle H/O Arumbaka')).toEqual(['Cherukupalle']);
    expect(townNames('No.1 Dimakuchi')).toEqual([]);
    expect(townNames('Itanagar Circle')).toEqual(['Itanagar']);
  });
});
