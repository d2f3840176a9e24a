/**
 * The eval's prose documents: a 12-page city annual report (PDF) and an 8-page employee handbook (.docx).
 * Each page states a few facts of its own; figures, "budget", "opened", "percent", "million", "days" and
 * the like recur on several pages, so finding the right page takes more than matching one word.
 * PDF text is plain ASCII (the fixture PDF font is WinAnsi).
 */
import type { DocxFixtureBlock } from '../../../test/support/document-fixtures';

export const REPORT_PAGES: string[] = [
  // 1
  `City of Riverton
Annual Report 2025

A message from Mayor Elena Vasquez

This report covers fiscal year 2025, which ran from July 1, 2024 to June 30, 2025. It is the city's account to its residents of what was spent, what was built and what is still left to do.

Riverton was incorporated in 1852 as a river port and mill town. According to the state demographer, the city had an estimated population of 148,300 in July 2025, up 1.8 percent from the year before, which makes it the fourth largest city in the state.

The city is governed by a council of nine members elected by district for four-year terms. The city manager, Daniel Okafor, oversees 2,460 full-time employees across 14 departments. Every department contributed a page to this report.`,
  // 2
  `Budget and Finance

The council adopted a general fund budget of $412 million for fiscal year 2025, an increase of 3.4 percent over the previous year. Departments had requested $438 million in the spring; the council trimmed new positions and delayed two vehicle purchases to balance the budget.

Property taxes remain the largest source of revenue. The property tax rate stayed at 1.12 percent of assessed value for the third year in a row, while the total assessed value of property in the city rose to $19.6 billion. Sales tax brought in $96 million, or 23 percent of general fund revenue.

In January, S&P Global affirmed the city's AA+ credit rating, citing strong reserves and careful debt management. The rainy day reserve now holds 17 percent of annual spending, above the council's policy minimum of 12 percent. Outstanding general obligation debt fell to $284 million by the end of June.`,
  // 3
  `Public Safety

The Riverton Police Department ended the year with 312 sworn officers after 21 recruits graduated from the academy in December. Reported violent crime fell 8 percent compared with 2024, and property crime fell 5 percent. Officers made 1,920 traffic stops in school zones as part of the safe routes campaign.

The fire department operates 11 stations and answered 27,400 calls, most of them medical emergencies. The average response time for emergency calls was 6 minutes 40 seconds, a little faster than the national benchmark. Fire inspectors also inspected 3,100 businesses and apartment buildings.

The 911 communications center answered 214,000 calls during the year, and 94 percent of them were answered within 15 seconds. A new dispatch system went live in September after two years of planning.`,
  // 4
  `Transportation

Route 14, the Harbor Express, launched in March 2025 and connects downtown with the harbor district every 10 minutes during peak hours. Total transit ridership reached 9.2 million trips, the highest since 2019.

The rehabilitation of the Elm Street bridge was completed in November at a cost of $18.5 million, five months ahead of schedule. The bridge carries about 31,000 vehicles a day and had been limited to one lane in each direction since 2023. The project was paid for with state grants and the 2020 transportation bond.

Street crews repaved 42 miles of streets and filled more than 16,000 potholes. The city also added 7 miles of protected bike lanes, bringing the network to 58 miles. Parking meter revenue rose to $6.1 million after the new rates took effect downtown.`,
  // 5
  `Water and Utilities

The Cedar Falls water treatment plant, upgraded in 2022, can treat up to 60 million gallons per day, while average demand in the summer was 41 million gallons per day. All samples met state and federal drinking water standards.

The lead pipe program replaced 2,150 lead service lines this year, and about 5,400 remain to be replaced by the 2030 deadline. Property owners pay nothing for the replacement of the line on their side of the meter.

Residential water rates rose 4.5 percent on July 1 to pay for the pipe program and for repairs to aging mains. The average household water bill is now $58 per month. Water main breaks fell to 96, the lowest number in a decade, and the utility fixed 88 percent of them within 24 hours.`,
  // 6
  `Parks and Recreation

Riverton has 47 parks covering 3,900 acres, and 91 percent of residents live within a ten minute walk of a park. The new Millbrook Park opened in August on 22 acres of a former rail yard, with a splash pad, a playground and two soccer fields.

Summer camps served 3,800 children this year, and the city waived fees for 1,100 of them from low-income families. The six public pools recorded 118,000 visits, and the Riverside Golf Course hosted 42,000 rounds.

The parks department budget of $21 million pays for 240 staff and seasonal workers as well as the maintenance of trails, sports fields and community centers. Volunteers gave 26,000 hours to cleanups and planting days.`,
  // 7
  `Housing

The city permitted 1,240 new housing units during the fiscal year, 410 of them reserved for households earning less than 60 percent of the area median income. Most of the new homes are apartments near the Route 14 corridor.

The Housing Trust Fund committed $35 million to nine affordable housing projects, and the city sold three surplus lots to nonprofit builders for one dollar each. The median rent for a two-bedroom apartment is $1,685 per month, up 3.1 percent from last year.

The January point-in-time count found 612 people experiencing homelessness, 9 percent fewer than a year earlier. The city opened a new shelter with 80 beds on Foster Avenue and helped 730 households avoid eviction with emergency rent assistance.`,
  // 8
  `Economic Development

The unemployment rate in Riverton was 3.9 percent in June 2025, below the state average of 4.4 percent. The city issued 520 new business licenses, and downtown office vacancy stood at 14 percent.

Riverton Medical Center remains the largest employer in the city with 6,200 employees, followed by Riverton State University and the school district. Harbor Freight Lines announced a new distribution center that will add 450 jobs by 2027.

Foundry 88, a tech incubator in the restored foundry building at 88 Canal Street, opened in February and now hosts 34 startups. The small business loan program lent $4.8 million to 61 local businesses, most of them restaurants and shops.`,
  // 9
  `Libraries and Learning

The Riverton Public Library recorded 1.1 million visits at its eight branches, and patrons borrowed 2.4 million items. E-books and audiobooks made up 38 percent of all loans, double the share of five years ago.

The new Eastgate branch opened in May in a former grocery store, with a maker space, a recording studio and extended evening hours. It is the first new branch since 2008.

The adult literacy program enrolled 900 adults, and 7,500 children took part in the summer reading challenge. Free homework help was offered at every branch four evenings a week during the school year.`,
  // 10
  `Environment and Sustainability

Citywide greenhouse gas emissions fell 18 percent below 2015 levels, according to the latest inventory. The climate action plan sets a target of a 50 percent reduction by 2035.

Curbside composting launched in April, and by June 38 percent of households had signed up for the green bins. The recycling diversion rate reached 41 percent, up from 36 percent the year before.

Crews and volunteers planted 4,700 trees this year toward the goal of 12,000 new trees by 2027, focusing on neighborhoods with the least shade. The city now has 2.6 megawatts of solar panels on its buildings, enough to power the main library and all eleven fire stations.`,
  // 11
  `Public Health

The health department held 64 free vaccination clinics and gave 19,400 flu shots, many of them at schools and senior centers. Inspectors checked 2,900 restaurants and food trucks, and closed 12 of them until violations were fixed.

Opioid overdose deaths fell to 37 from 52 the year before, after the city expanded the distribution of naloxone to libraries, pools and community centers. The new mobile health van visits 12 neighborhoods on a rotating weekly schedule.

The lead screening program tested 3,300 young children, and the health department followed up with every family whose child had an elevated result.`,
  // 12
  `Looking Ahead

The proposed budget for fiscal year 2026 is $431 million, an increase of 4.6 percent driven mostly by public safety salaries and the cost of the pipe program. The council will hold public hearings on the proposal in May.

The five-year capital improvement plan totals $1.3 billion and includes a new fire station in Northside, due to open in 2027, the expansion of the convention center and the replacement of the Cedar Falls intake pipe.

In November, voters approved a $150 million bond for parks and streets with 62 percent of the vote. The first projects, resurfacing of arterial streets and a new pool in Westview, will start next spring.`,
];

export const HANDBOOK_BLOCKS: DocxFixtureBlock[] = [
  // page 1
  { heading: 'Northwind Outfitters Employee Handbook' },
  {
    paragraph:
      'Welcome to Northwind Outfitters. This handbook explains how we work together, what you can expect from the company, and what the company expects from you. It applies to every employee in our stores, warehouses and offices.',
  },
  { heading: 'About the company', level: 2 },
  {
    paragraph:
      'Northwind Outfitters was founded in 1998 in Portland, Oregon by Margaret and Tom Lindqvist, who started by renting canoes from a garage on the Willamette River. Today we employ about 1,400 people in 38 stores across the Pacific Northwest and the Rocky Mountains.',
  },
  {
    paragraph:
      'If anything in this handbook is unclear, ask your manager or write to the People Team at people@northwind.example. The handbook is reviewed every year; this edition took effect on January 1, 2025.',
  },
  { pageBreak: true },
  // page 2
  { heading: 'Working hours and attendance' },
  {
    paragraph:
      'A full-time work week is 40 hours. Office staff may start between 7 and 10 in the morning, but everyone is expected to be available during core hours from 10 a.m. to 3 p.m., Monday to Friday. Store schedules are posted two weeks in advance.',
  },
  {
    paragraph:
      'If you are sick and cannot work, tell your manager at least 2 hours before the start of your shift. For an absence of more than three consecutive days we may ask for a note from a doctor.',
  },
  { paragraph: 'Overtime must be approved by your manager in advance and is paid at one and a half times your hourly rate for hours over 40 in a week.' },
  { pageBreak: true },
  // page 3
  { heading: 'Pay and benefits' },
  {
    paragraph:
      'Employees are paid twice a month, on the 15th and on the last business day of the month, by direct deposit. Pay statements are available in the HR portal.',
  },
  {
    paragraph:
      'Northwind matches your 401(k) contributions dollar for dollar up to 5 percent of your salary, and the match vests immediately. The company pays 90 percent of the health insurance premium for employees and 70 percent for their dependents.',
  },
  {
    paragraph: 'Every employee receives a 30 percent discount on Northwind merchandise, and a 50 percent discount during the annual gear swap week in October.',
  },
  // page 4 (the heading starts the page)
  { heading: 'Time off', pageBreakBefore: true },
  {
    paragraph:
      'Full-time employees earn 15 days of paid time off in their first year. After five years of service this rises to 20 days, and after ten years to 25 days. You may carry over up to 5 unused days into the next year.',
  },
  {
    paragraph:
      'The company observes 10 paid holidays each year, listed in the HR portal. Employees who work in a store on a holiday receive double pay for those hours.',
  },
  {
    paragraph:
      'New parents, including adoptive and foster parents, receive 16 weeks of fully paid parental leave, which can be taken at any time during the first year.',
  },
  { pageBreak: true },
  // page 5
  { heading: 'Remote work and equipment' },
  {
    paragraph:
      "Office employees who have completed the 90-day introductory period may work from home up to two days a week, with their manager's agreement. Store and warehouse roles are on site.",
  },
  {
    paragraph:
      'The company provides a laptop, which is replaced every three years. Remote workers receive an internet allowance of $40 per month, and a one-time home office stipend of $600 for a desk, a chair or a monitor.',
  },
  { paragraph: 'Company equipment must not be lent to family members or friends, and it must be returned when you leave Northwind.' },
  { pageBreak: true },
  // page 6
  { heading: 'Travel and expenses' },
  {
    paragraph:
      'Business travel must be approved by your manager before you book. Book flights and hotels through the company travel portal, and submit expense reports with receipts within 30 days of your return.',
  },
  {
    paragraph:
      'When you drive your own car for work, mileage is reimbursed at 67 cents per mile. Hotel and meal costs are reimbursed up to the daily limits in the table below.',
  },
  {
    table: [
      ['City', 'Hotel per night', 'Meals per day'],
      ['Seattle', '$240', '$79'],
      ['Chicago', '$225', '$75'],
      ['Denver', '$190', '$68'],
      ['Boston', '$260', '$82'],
    ],
  },
  // page 7 (the heading starts the page)
  { heading: 'Conduct and security', pageBreakBefore: true },
  {
    paragraph:
      'We expect everyone to treat customers and colleagues with respect. Harassment or discrimination of any kind should be reported to your manager or to the People Team, and it will be investigated promptly and confidentially.',
  },
  {
    paragraph:
      'Report lost badges, lost laptops and any other security incident to the IT service desk within 24 hours. Passwords must be at least 14 characters long and changed every 180 days.',
  },
  { paragraph: 'Do not share customer information outside the company, and never post about customers on social media.' },
  { pageBreak: true },
  // page 8
  { heading: 'Leaving Northwind' },
  {
    paragraph: 'If you decide to resign, please give at least two weeks of notice in writing to your manager. Managers are asked to give four weeks of notice.',
  },
  {
    paragraph:
      'Your final paycheck, including any unused paid time off, is paid on the next regular payday. Return your laptop, badge and other equipment within 5 business days of your last day.',
  },
];

/** The text of one handbook page (headings, paragraphs and table cells, one per line). */
export function handbookPageText(page: number): string {
  const pages: string[][] = [[]];
  for (const block of HANDBOOK_BLOCKS) {
    if ('pageBreak' in block && block.pageBreak) pages.push([]);
    if ('pageBreakBefore' in block && block.pageBreakBefore) pages.push([]);
    if ('heading' in block && block.heading) pages.at(-1)!.push(block.heading);
    if ('paragraph' in block && block.paragraph) pages.at(-1)!.push(block.paragraph);
    if ('table' in block && block.table) pages.at(-1)!.push(block.table.map((r) => r.join(' ')).join('\n'));
  }
  return (pages[page - 1] ?? []).join('\n');
}
