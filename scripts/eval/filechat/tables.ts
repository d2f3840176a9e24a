/**
 * The eval's two tables, generated from fixed seeds: an order export (200 rows: text, integer, decimal and
 * date columns) and an employee list (80 rows: department, salary, start year, a one-decimal rating, a
 * yes/no column). Money is held in integer cents, so every expected answer is exact.
 */
import { between, pick, seeded } from './random';

export interface SaleRow {
  /** 1-based data row number, as the API cites it. */
  n: number;
  orderId: string;
  orderDate: string;
  region: string;
  channel: string;
  product: string;
  rep: string;
  units: number;
  unitPriceCents: bigint;
  revenueCents: bigint;
}

export interface EmployeeRow {
  n: number;
  id: string;
  name: string;
  department: string;
  location: string;
  salary: number;
  startYear: number;
  /** Tenths: 38 is a rating of 3.8. */
  ratingTenths: number;
  remote: boolean;
}

export const REGIONS = ['North', 'South', 'East', 'West', 'Central'] as const;
export const CHANNELS = ['Online', 'Retail', 'Wholesale'] as const;
const PRODUCTS: readonly [string, number][] = [
  ['Trail Pack', 8995],
  ['Summit Tent', 24900],
  ['Glacier Jacket', 15950],
  ['River Kayak', 54999],
  ['Camp Stove', 4475],
  ['Headlamp', 2499],
  ['Trekking Poles', 6950],
];
const REPS = ['Ana Torres', 'Ben Hale', 'Chloe Park', 'Dev Mehta', 'Erin Walsh', 'Farid Nasser', 'Grace Liu', 'Hugo Brandt'];
const DISCOUNTS = [0, 0, 0, 5, 10, 15];

export const SALES_HEADER = ['order_id', 'order_date', 'region', 'channel', 'product', 'sales_rep', 'units', 'unit_price', 'revenue'];

const cents = (c: bigint): string => `${c / 100n}.${String(c % 100n).padStart(2, '0')}`;

function salesRows(): SaleRow[] {
  const rnd = seeded(20_250_101);
  // 200 order dates in 2025, in export order (oldest first).
  const days = Array.from({ length: 200 }, () => between(rnd, 0, 364)).sort((a, b) => a - b);
  return days.map((day, i) => {
    const date = new Date(Date.UTC(2025, 0, 1 + day));
    const channel = pick(rnd, CHANNELS);
    const [product, base] = pick(rnd, PRODUCTS);
    const discount = pick(rnd, DISCOUNTS);
    const unitPriceCents = BigInt(base - Math.floor((base * discount + 50) / 100));
    const units = channel === 'Wholesale' ? between(rnd, 20, 80) : channel === 'Retail' ? between(rnd, 1, 20) : between(rnd, 1, 12);
    return {
      n: i + 1,
      orderId: `SO-${10001 + i}`,
      orderDate: date.toISOString().slice(0, 10),
      region: pick(rnd, REGIONS),
      channel,
      product,
      rep: pick(rnd, REPS),
      units,
      unitPriceCents,
      revenueCents: unitPriceCents * BigInt(units),
    };
  });
}

export const SALES: SaleRow[] = salesRows();

export const salesCells = (r: SaleRow): string[] => [
  r.orderId,
  r.orderDate,
  r.region,
  r.channel,
  r.product,
  r.rep,
  String(r.units),
  cents(r.unitPriceCents),
  cents(r.revenueCents),
];

export const DEPARTMENTS = ['Engineering', 'Sales', 'Marketing', 'Finance', 'Operations', 'Support'] as const;
const SALARY_BASE: Record<(typeof DEPARTMENTS)[number], number> = {
  Engineering: 98_000,
  Sales: 62_000,
  Marketing: 70_000,
  Finance: 80_000,
  Operations: 58_000,
  Support: 48_000,
};
export const LOCATIONS = ['Portland', 'Denver', 'Austin', 'Boston'] as const;
const FIRST = [
  'Maya',
  'Liam',
  'Sofia',
  'Noah',
  'Aisha',
  'Ethan',
  'Lena',
  'Omar',
  'Priya',
  'Lucas',
  'Hana',
  'Mateo',
  'Zoe',
  'Ivan',
  'Nora',
  'Kenji',
  'Elif',
  'Diego',
  'Ruth',
  'Samir',
];
const LAST = [
  'Okafor',
  'Jensen',
  'Moreau',
  'Kowalski',
  'Reyes',
  'Nakamura',
  'Schmidt',
  'Haddad',
  'Lindqvist',
  'Brennan',
  'Costa',
  'Ivanova',
  'Patel',
  'Fischer',
  'Duarte',
  'Osei',
  'Novak',
  'Larsen',
  'Quinn',
  'Abbott',
];

export const EMPLOYEES_HEADER = ['Employee ID', 'Name', 'Department', 'Location', 'Salary', 'Start Year', 'Performance Rating', 'Remote'];

function employeeRows(): EmployeeRow[] {
  const rnd = seeded(19_980_415);
  return Array.from({ length: 80 }, (_, i) => {
    const department = pick(rnd, DEPARTMENTS);
    return {
      n: i + 1,
      id: `E${1001 + i}`,
      name: `${FIRST[i % 20]} ${LAST[(i + Math.floor(i / 20) * 3) % 20]}`,
      department,
      location: pick(rnd, LOCATIONS),
      salary: SALARY_BASE[department] + between(rnd, 0, 60) * 500,
      startYear: between(rnd, 2008, 2024),
      ratingTenths: between(rnd, 25, 50),
      remote: rnd() < 0.35,
    };
  });
}

export const EMPLOYEES: EmployeeRow[] = employeeRows();

export const employeeCells = (r: EmployeeRow): string[] => [
  r.id,
  r.name,
  r.department,
  r.location,
  String(r.salary),
  String(r.startYear),
  `${Math.floor(r.ratingTenths / 10)}.${r.ratingTenths % 10}`,
  r.remote ? 'yes' : 'no',
];
