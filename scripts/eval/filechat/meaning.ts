/**
 * Questions worded unlike the sentence that answers them: not one content word (after stop words, by
 * Porter stem, numbers included) in common, so only meaning can find the page. Asked of the city report
 * (PDF) and the handbook (.docx); each names the answering sentence, and `checkNoSharedWords` refuses the
 * eval when a question shares a word with it or the sentence is not on the page.
 */
import { contentTokens, stem } from '../../../src/engines/filechat/question-terms';
import type { FileKey, ProseQuestion } from './questions';

export interface MeaningQuestion extends ProseQuestion {
  kind: 'meaning';
  /** The sentence of the page that answers it, verbatim. */
  sentence: string;
}

const report = (message: string, page: number, answer: string, sentence: string): MeaningQuestion => ({
  kind: 'meaning',
  file: 'report.pdf',
  message,
  page,
  answer,
  sentence,
});
const handbook = (message: string, page: number, answer: string, sentence: string): MeaningQuestion => ({
  kind: 'meaning',
  file: 'handbook.docx',
  message,
  page,
  answer,
  sentence,
});

export const MEANING_QUESTIONS: MeaningQuestion[] = [
  report(
    'How many inhabitants does the town have?',
    1,
    '148,300',
    'According to the state demographer, the city had an estimated population of 148,300 in July 2025, up 1.8 percent from the year before, which makes it the fourth largest city in the state.',
  ),
  report(
    'Who leads the municipal workforce?',
    1,
    'Daniel Okafor',
    'The city manager, Daniel Okafor, oversees 2,460 full-time employees across 14 departments.',
  ),
  report(
    'How many legislators sit on the local assembly?',
    1,
    'nine',
    'The city is governed by a council of nine members elected by district for four-year terms.',
  ),
  report(
    'What is the overall spending plan approved by lawmakers?',
    2,
    '$412 million',
    'The council adopted a general fund budget of $412 million for fiscal year 2025, an increase of 3.4 percent over the previous year.',
  ),
  report(
    "How do the agencies judge the municipality's borrowing?",
    2,
    'AA+',
    "In January, S&P Global affirmed the city's AA+ credit rating, citing strong reserves and careful debt management.",
  ),
  report(
    'What portion of yearly outlays is set aside for emergencies?',
    2,
    '17 percent',
    "The rainy day reserve now holds 17 percent of annual spending, above the council's policy minimum of 12 percent.",
  ),
  report('How much money came from levies on purchases?', 2, '$96 million', 'Sales tax brought in $96 million, or 23 percent of general fund revenue.'),
  report(
    'How many cops are on the force?',
    3,
    '312',
    'The Riverton Police Department ended the year with 312 sworn officers after 21 recruits graduated from the academy in December.',
  ),
  report(
    'How much did assaults and other serious offenses drop?',
    3,
    '8 percent',
    'Reported violent crime fell 8 percent compared with 2024, and property crime fell 5 percent.',
  ),
  report(
    'What fraction of emergency phone lines were picked up quickly?',
    3,
    '94 percent',
    'The 911 communications center answered 214,000 calls during the year, and 94 percent of them were answered within 15 seconds.',
  ),
  report(
    'How many times were firefighters summoned?',
    3,
    '27,400',
    'The fire department operates 11 stations and answered 27,400 calls, most of them medical emergencies.',
  ),
  report('How many journeys were taken on buses and trains?', 4, '9.2 million', 'Total transit ridership reached 9.2 million trips, the highest since 2019.'),
  report('How much asphalt resurfacing was done on roads?', 4, '42 miles', 'Street crews repaved 42 miles of streets and filled more than 16,000 potholes.'),
  report(
    'What is the total length of cycling routes?',
    4,
    '58 miles',
    'The city also added 7 miles of protected bike lanes, bringing the network to 58 miles.',
  ),
  report(
    'How much did motorists pay to leave their cars at the curb?',
    4,
    '$6.1 million',
    'Parking meter revenue rose to $6.1 million after the new rates took effect downtown.',
  ),
  report(
    'What is the capacity of the purification facility?',
    5,
    '60 million gallons',
    'The Cedar Falls water treatment plant, upgraded in 2022, can treat up to 60 million gallons per day, while average demand in the summer was 41 million gallons per day.',
  ),
  report('What does a typical family pay for its tap supply?', 5, '$58', 'The average household water bill is now $58 per month.'),
  report(
    'How many pipes burst?',
    5,
    '96',
    'Water main breaks fell to 96, the lowest number in a decade, and the utility fixed 88 percent of them within 24 hours.',
  ),
  report(
    'How many green spaces does the municipality have?',
    6,
    '47',
    'Riverton has 47 parks covering 3,900 acres, and 91 percent of residents live within a ten minute walk of a park.',
  ),
  report(
    'How often did people go swimming?',
    6,
    '118,000',
    'The six public pools recorded 118,000 visits, and the Riverside Golf Course hosted 42,000 rounds.',
  ),
  report('How much time did unpaid helpers contribute?', 6, '26,000', 'Volunteers gave 26,000 hours to cleanups and planting days.'),
  report(
    'How many dwellings were authorised for construction?',
    7,
    '1,240',
    'The city permitted 1,240 new housing units during the fiscal year, 410 of them reserved for households earning less than 60 percent of the area median income.',
  ),
  report(
    'How many individuals were sleeping rough?',
    7,
    '612',
    'The January point-in-time count found 612 people experiencing homelessness, 9 percent fewer than a year earlier.',
  ),
  report(
    'How many families were kept from losing their home?',
    7,
    '730',
    'The city opened a new shelter with 80 beds on Foster Avenue and helped 730 households avoid eviction with emergency rent assistance.',
  ),
  report(
    'What share of the workforce is jobless?',
    8,
    '3.9 percent',
    'The unemployment rate in Riverton was 3.9 percent in June 2025, below the state average of 4.4 percent.',
  ),
  report(
    'How many companies got permission to trade?',
    8,
    '520',
    'The city issued 520 new business licenses, and downtown office vacancy stood at 14 percent.',
  ),
  report(
    'How many young companies does the innovation hub house?',
    8,
    '34',
    'Foundry 88, a tech incubator in the restored foundry building at 88 Canal Street, opened in February and now hosts 34 startups.',
  ),
  report(
    'How many books and other materials were checked out?',
    9,
    '2.4 million',
    'The Riverton Public Library recorded 1.1 million visits at its eight branches, and patrons borrowed 2.4 million items.',
  ),
  report(
    'How many grown-ups joined the basic writing classes?',
    9,
    '900',
    'The adult literacy program enrolled 900 adults, and 7,500 children took part in the summer reading challenge.',
  ),
  report(
    'By how much has carbon pollution dropped?',
    10,
    '18 percent',
    'Citywide greenhouse gas emissions fell 18 percent below 2015 levels, according to the latest inventory.',
  ),
  report('How much rubbish is kept out of landfill?', 10, '41 percent', 'The recycling diversion rate reached 41 percent, up from 36 percent the year before.'),
  report(
    'How much sun energy do municipal rooftops produce?',
    10,
    '2.6 megawatts',
    'The city now has 2.6 megawatts of solar panels on its buildings, enough to power the main library and all eleven fire stations.',
  ),
  report(
    'How many people got immunized against influenza?',
    11,
    '19,400',
    'The health department held 64 free vaccination clinics and gave 19,400 flu shots, many of them at schools and senior centers.',
  ),
  report(
    'How many eateries were examined by officials?',
    11,
    '2,900',
    'Inspectors checked 2,900 restaurants and food trucks, and closed 12 of them until violations were fixed.',
  ),
  report(
    'How many died from drug poisoning?',
    11,
    '37',
    'Opioid overdose deaths fell to 37 from 52 the year before, after the city expanded the distribution of naloxone to libraries, pools and community centers.',
  ),
  report(
    'What spending is planned for the upcoming cycle?',
    12,
    '$431 million',
    'The proposed budget for fiscal year 2026 is $431 million, an increase of 4.6 percent driven mostly by public safety salaries and the cost of the pipe program.',
  ),
  report(
    'How much money did the electorate authorise for recreation and roads?',
    12,
    '$150 million',
    'In November, voters approved a $150 million bond for parks and streets with 62 percent of the vote.',
  ),
  handbook(
    'How much warning must staff give when they are ill?',
    2,
    '2 hours',
    'If you are sick and cannot work, tell your manager at least 2 hours before the start of your shift.',
  ),
  handbook(
    'How often do workers receive wages?',
    3,
    'twice a month',
    'Employees are paid twice a month, on the 15th and on the last business day of the month, by direct deposit.',
  ),
  handbook(
    'How much of the medical cover cost does the employer bear?',
    3,
    '90 percent',
    'The company pays 90 percent of the health insurance premium for employees and 70 percent for their dependents.',
  ),
  handbook('How much vacation do newcomers get?', 4, '15 days', 'Full-time employees earn 15 days of paid time off in their first year.'),
  handbook(
    'How long can mothers and fathers stay home after a birth?',
    4,
    '16 weeks',
    'New parents, including adoptive and foster parents, receive 16 weeks of fully paid parental leave, which can be taken at any time during the first year.',
  ),
  handbook(
    'What reimbursement covers furnishing a workspace?',
    5,
    '$600',
    'Remote workers receive an internet allowance of $40 per month, and a one-time home office stipend of $600 for a desk, a chair or a monitor.',
  ),
  handbook('What is the rate for using a private vehicle?', 6, '67 cents', 'When you drive your own car for work, mileage is reimbursed at 67 cents per mile.'),
  handbook('What is the minimum length for a login secret?', 7, '14 characters', 'Passwords must be at least 14 characters long and changed every 180 days.'),
  handbook(
    'How much warning should someone quitting provide?',
    8,
    'two weeks',
    'If you decide to resign, please give at least two weeks of notice in writing to your manager.',
  ),
  handbook(
    'When was the firm established?',
    1,
    '1998',
    'Northwind Outfitters was founded in 1998 in Portland, Oregon by Margaret and Tom Lindqvist, who started by renting canoes from a garage on the Willamette River.',
  ),
];

const stems = (text: string) => new Set(contentTokens(text).map((t) => stem(t.word)));

/** The problems of the set: a content word shared with the answering sentence, or a sentence not on its page. */
export function checkNoSharedWords(pageText: (file: FileKey, page: number) => string): string[] {
  const problems: string[] = [];
  for (const q of MEANING_QUESTIONS) {
    const asked = stems(q.message);
    const shared = [...stems(q.sentence)].filter((s) => asked.has(s));
    if (shared.length > 0) problems.push(`"${q.message}" shares ${shared.join(', ')} with its sentence`);
    const flat = (s: string) => s.replace(/\s+/g, ' ');
    if (!flat(pageText(q.file, q.page)).includes(flat(q.sentence))) problems.push(`"${q.message}": its sentence is not on page ${q.page}`);
  }
  return problems;
}
