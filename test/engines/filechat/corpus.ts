import type { RetrievedPassage } from '../../../src/engines/filechat';

/**
 * A small annual report as retrieval would hand it over: several pages, with distractors that share some
 * words with each question (revenue appears on three pages, dates on most), a repeated running footer,
 * a heading line, bullets and PDF-style wrapped lines.
 */
export const REPORT: RetrievedPassage[] = [
  {
    page: 1,
    score: 0.9,
    content: `Northwind Annual Report 2023
Northwind Traders was founded in 1998 by Dr. Maria Alvarez in Lisbon, Portugal. The company
sells specialty foods to restaurants and grocers in 14 countries.
Northwind Traders — Confidential`,
  },
  {
    page: 2,
    score: 0.8,
    content: `Financial Highlights
Total revenue for 2023 was $48.2 million, an increase of 12 percent over 2022. Operating
costs rose to $39.5 million, driven mainly by freight and energy prices.
Net profit was $6.1 million, i.e. a margin of 12.7%.
Northwind Traders — Confidential`,
  },
  {
    page: 3,
    score: 0.7,
    content: `Employees
At year end the company employed 412 people, of whom 58 work at the Lisbon headquarters.
Staff turnover fell to 9 percent. Employees receive 25 days of paid leave per year.`,
  },
  {
    page: 4,
    score: 0.6,
    content: `Sustainability
• Renewable electricity covers 64% of the energy used by our warehouses.
• All delivery vans in Lisbon and Porto are electric since March 2022.
• Packaging waste was cut by a third compared with 2020.`,
  },
  {
    page: 5,
    score: 0.5,
    content: `Refund Policy
Customers may return unopened goods within 30 days of delivery for a full refund. Perishable goods
cannot be returned, e.g. fresh cheese and cured meats, unless they arrive damaged.`,
  },
  {
    page: 6,
    score: 0.4,
    content: `Outlook
For 2024 the board expects revenue growth of 8 to 10 percent. The company plans to open a
distribution centre in Madrid in the second half of 2024. Revenue from online orders is expected to
double.`,
  },
];
