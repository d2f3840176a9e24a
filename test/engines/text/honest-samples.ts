/**
 * Sentences of fact for the honesty tests (issue 28 item 5): numbers, names and verbs with several common
 * senses (employ, run, charge, address, figure, draw, carry), whose sense no synonym may change.
 */
export const FACTS: readonly string[] = [
  'We employ 240 staff at our plant in Derby.',
  'Maria runs the clinic in Leeds with 12 nurses.',
  'The bank charges a fee of 3 percent on every transfer.',
  'The minister will address the conference in Geneva on 4 June.',
  'Analysts figure that the company lost 2.5 million dollars in 2023.',
  'The exhibition drew 18,000 visitors to the Tate last year.',
  'Each truck can carry 40 tonnes of grain from Odessa.',
  'Police charged the driver after the crash on the M25.',
  'The river runs through three counties before it reaches the sea.',
  'She drew a map of the village for the new teachers.',
  'The report addresses the concerns raised by 300 residents.',
  'He figured out the answer in 5 minutes.',
  'The ship carried 2,000 passengers across the Atlantic in 1912.',
  'Our team employs a new method to test the samples, and Dr. Okafor runs the lab.',
  'The museum opened on 14 March 2022. It is the largest gallery in Wales, and it will host 12 exhibitions next year.',
  'The bridge is 1,200 metres long. Engineers show that the design reduces costs by 15 percent.',
];
