import type { AgeGroup, CoachingType, LocationType, SessionTime } from '../../domain/shared/catalogue';

/** The demo world's people: made-up names, addresses and phone numbers (Ofcom drama ranges). */

/** Every demo account signs in with this password (it meets the administrators' minimum too). */
export const DEMO_PASSWORD = 'fact-demo-2026';
export const DEMO_ADMIN = { email: 'admin@fact.test', fullName: 'Alex Morgan' } as const;

export interface DemoCoach {
  readonly key: string;
  readonly email: string;
  readonly fullName: string;
  readonly phone: string;
  readonly location: string;
  readonly bio: string;
  readonly hourlyRate: number;
  readonly servicesOffered: readonly CoachingType[];
  readonly ageGroups: readonly AgeGroup[];
  readonly credentials: readonly string[];
  readonly serviceRadius: number;
  /** The base place's gazetteer label; none for a coach who coaches online only. */
  readonly place: string | null;
  readonly sessionMode: 'in_person' | 'online' | 'both';
}

export const DEMO_COACHES: readonly DemoCoach[] = [
  {
    key: 'marcus',
    email: 'marcus.reid@fact.test',
    fullName: 'Marcus Reid',
    phone: '+44 7700 900101',
    location: 'Hackney, London',
    bio: 'Former Championship striker. Finishing, movement in the box and first touch under pressure.',
    hourlyRate: 55,
    servicesOffered: ['striker', 'fitness_conditioning'],
    ageGroups: ['under_14', 'under_16', 'under_18', 'adults'],
    credentials: ['UEFA B Licence', 'FA Safeguarding Children'],
    serviceRadius: 10,
    place: 'Hackney',
    sessionMode: 'in_person',
  },
  {
    key: 'sofia',
    email: 'sofia.almeida@fact.test',
    fullName: 'Sofia Almeida',
    phone: '+44 7700 900102',
    location: 'Didsbury, Manchester',
    bio: 'Midfield coach for academy players: scanning, receiving on the half-turn and passing range.',
    hourlyRate: 45,
    servicesOffered: ['midfield', 'tactical_analysis'],
    ageGroups: ['under_12', 'under_14', 'under_16'],
    credentials: ['UEFA C Licence', 'BSc Sport Science'],
    serviceRadius: 15,
    place: 'Didsbury',
    sessionMode: 'both',
  },
  {
    key: 'tom',
    email: 'tom.whitaker@fact.test',
    fullName: 'Tom Whitaker',
    phone: '+44 7700 900103',
    location: 'Clifton, Bristol',
    bio: 'Goalkeeping specialist. Handling, distribution and one-v-one saves for keepers of every age.',
    hourlyRate: 40,
    servicesOffered: ['goalkeeping'],
    ageGroups: ['under_10', 'under_12', 'under_14', 'under_16', 'under_18', 'adults'],
    credentials: ['FA Goalkeeping Level 2'],
    serviceRadius: 20,
    place: 'Bristol',
    sessionMode: 'in_person',
  },
  {
    key: 'aisha',
    email: 'aisha.khan@fact.test',
    fullName: 'Aisha Khan',
    phone: '+44 7700 900104',
    location: 'Headingley, Leeds',
    bio: 'Centre-back turned coach: defending the box, timing the tackle and leading the back line.',
    hourlyRate: 50,
    servicesOffered: ['defense', 'tactical_analysis'],
    ageGroups: ['under_16', 'under_18', 'adults'],
    credentials: ['UEFA B Licence'],
    serviceRadius: 12,
    place: 'Leeds',
    sessionMode: 'in_person',
  },
  {
    key: 'dan',
    email: 'dan.okafor@fact.test',
    fullName: 'Dan Okafor',
    phone: '+44 7700 900105',
    location: 'Edgbaston, Birmingham',
    bio: 'Strength and conditioning for footballers: speed, agility and staying injury-free all season.',
    hourlyRate: 35,
    servicesOffered: ['fitness_conditioning'],
    ageGroups: ['under_16', 'under_18', 'adults', 'seniors'],
    credentials: ['UKSCA Accredited', 'Level 3 Personal Trainer'],
    serviceRadius: 25,
    place: 'Birmingham',
    sessionMode: 'in_person',
  },
  {
    key: 'elena',
    email: 'elena.rossi@fact.test',
    fullName: 'Elena Rossi',
    phone: '+44 7700 900106',
    location: 'Online (UK-wide)',
    bio: 'Video analysis of your own matches: positioning, decision-making and a plan for the next game.',
    hourlyRate: 30,
    servicesOffered: ['tactical_analysis', 'midfield'],
    ageGroups: ['under_14', 'under_16', 'under_18', 'adults'],
    credentials: ['UEFA A Licence (in progress)', 'Performance Analysis Level 2'],
    serviceRadius: 50,
    place: null,
    sessionMode: 'online',
  },
  {
    key: 'gareth',
    email: 'gareth.lloyd@fact.test',
    fullName: 'Gareth Lloyd',
    phone: '+44 7700 900107',
    location: 'Pontcanna, Cardiff',
    bio: 'Twenty years coaching grassroots: all-round sessions for young players who love the game.',
    hourlyRate: 25,
    servicesOffered: ['striker', 'midfield', 'defense'],
    ageGroups: ['under_8', 'under_10', 'under_12'],
    credentials: ['FA Level 2 Coaching', 'First Aid in Sport'],
    serviceRadius: 8,
    place: 'Cardiff',
    sessionMode: 'in_person',
  },
  {
    key: 'priya',
    email: 'priya.nair@fact.test',
    fullName: 'Priya Nair',
    phone: '+44 7700 900108',
    location: 'Jesmond, Newcastle',
    bio: 'Elite pathway coach: one-to-one technical work for players preparing for academy trials.',
    hourlyRate: 90,
    servicesOffered: ['striker', 'midfield', 'tactical_analysis'],
    ageGroups: ['under_12', 'under_14', 'under_16'],
    credentials: ['UEFA A Licence', 'FA Youth Award'],
    serviceRadius: 30,
    place: 'Newcastle upon Tyne',
    sessionMode: 'in_person',
  },
  {
    key: 'ryan',
    email: 'ryan.doyle@fact.test',
    fullName: 'Ryan Doyle',
    phone: '+44 7700 900109',
    location: 'Edgeley, Stockport',
    bio: 'Finishing and ball mastery for young strikers. I come to your local park or pitch.',
    hourlyRate: 38,
    servicesOffered: ['striker', 'fitness_conditioning'],
    ageGroups: ['under_10', 'under_12', 'under_14'],
    credentials: ['FA Level 2 Coaching', 'FA Safeguarding Children'],
    serviceRadius: 10,
    place: 'Stockport',
    sessionMode: 'in_person',
  },
];

export interface DemoClient {
  readonly key: string;
  readonly email: string;
  readonly fullName: string;
  readonly phone: string;
  readonly location: string;
  readonly bio: string;
  readonly preferredCoachingTypes: readonly CoachingType[];
  readonly preferredSessionTimes: readonly SessionTime[];
}

export const DEMO_CLIENTS: readonly DemoClient[] = [
  {
    key: 'jamie',
    email: 'jamie.carter@fact.test',
    fullName: 'Jamie Carter',
    phone: '+44 7700 900201',
    location: 'Islington, London',
    bio: 'Under-16 striker looking to sharpen finishing before county trials.',
    preferredCoachingTypes: ['striker'],
    preferredSessionTimes: ['evening', 'weekend'],
  },
  {
    key: 'olivia',
    email: 'olivia.bennett@fact.test',
    fullName: 'Olivia Bennett',
    phone: '+44 7700 900202',
    location: 'Chorlton, Manchester',
    bio: 'Parent booking for my daughter (12), a keen central midfielder.',
    preferredCoachingTypes: ['midfield', 'tactical_analysis'],
    preferredSessionTimes: ['weekend'],
  },
  {
    key: 'noah',
    email: 'noah.evans@fact.test',
    fullName: 'Noah Evans',
    phone: '+44 7700 900203',
    location: 'Redland, Bristol',
    bio: 'Sunday-league keeper wanting to improve my distribution.',
    preferredCoachingTypes: ['goalkeeping'],
    preferredSessionTimes: ['morning'],
  },
  {
    key: 'mia',
    email: 'mia.thompson@fact.test',
    fullName: 'Mia Thompson',
    phone: '+44 7700 900204',
    location: 'Roundhay, Leeds',
    bio: 'Playing university football; working on defending and fitness.',
    preferredCoachingTypes: ['defense', 'fitness_conditioning'],
    preferredSessionTimes: ['afternoon', 'evening'],
  },
  {
    key: 'leo',
    email: 'leo.harris@fact.test',
    fullName: 'Leo Harris',
    phone: '+44 7700 900205',
    location: 'Moseley, Birmingham',
    bio: 'Getting back into the game after an injury.',
    preferredCoachingTypes: ['fitness_conditioning'],
    preferredSessionTimes: ['morning', 'weekend'],
  },
];

/** One booking of the demo world: who, what, and where its story ends. */
export interface DemoBooking {
  readonly client: string;
  readonly coach: string;
  readonly service: CoachingType;
  /** Days from now to the session (negative: in the past), London time of day. */
  readonly inDays: number;
  readonly at: string;
  readonly minutes: number;
  readonly location: LocationType;
  readonly address?: string;
  readonly notes?: string;
  readonly paid: boolean;
  readonly ends: 'pending' | 'confirmed' | 'in_session' | 'completed' | 'cancelled' | 'declined' | 'disputed';
  readonly reason?: string;
  readonly review?: { readonly rating: number; readonly comment: string };
  readonly messages?: readonly (readonly ['client' | 'coach', string])[];
}

export const DEMO_BOOKINGS: readonly DemoBooking[] = [
  {
    client: 'jamie',
    coach: 'marcus',
    service: 'striker',
    inDays: 3,
    at: '17:00',
    minutes: 60,
    location: 'outdoor',
    address: 'Hackney Marshes, pitch 4',
    notes: 'Working on my weaker left foot.',
    paid: true,
    ends: 'pending',
    messages: [
      ['client', 'Hi Marcus, is Hackney Marshes OK for you?'],
      ['coach', 'Perfect, see you at pitch 4. Bring a few balls if you can.'],
    ],
  },
  { client: 'olivia', coach: 'sofia', service: 'midfield', inDays: 5, at: '10:00', minutes: 90, location: 'coach_location', paid: true, ends: 'pending', notes: 'Session for my daughter Ella (12).' },
  {
    client: 'noah',
    coach: 'tom',
    service: 'goalkeeping',
    inDays: 2,
    at: '09:00',
    minutes: 60,
    location: 'outdoor',
    address: 'Durdham Down, Bristol',
    paid: true,
    ends: 'confirmed',
    messages: [['coach', 'Confirmed! Gloves and studs, we will be on grass.']],
  },
  { client: 'mia', coach: 'aisha', service: 'defense', inDays: 7, at: '18:00', minutes: 60, location: 'gym', address: 'Headingley Sports Hall', paid: true, ends: 'confirmed' },
  { client: 'leo', coach: 'dan', service: 'fitness_conditioning', inDays: 0, at: 'now', minutes: 60, location: 'gym', address: 'Edgbaston Leisure Centre', paid: true, ends: 'in_session' },
  {
    client: 'jamie',
    coach: 'marcus',
    service: 'striker',
    inDays: -12,
    at: '17:00',
    minutes: 60,
    location: 'outdoor',
    address: 'Hackney Marshes, pitch 4',
    paid: true,
    ends: 'completed',
    review: { rating: 5, comment: 'Brilliant session, my finishing has really improved.' },
    messages: [['client', 'Thanks Marcus, great session today!']],
  },
  {
    client: 'olivia',
    coach: 'elena',
    service: 'tactical_analysis',
    inDays: -20,
    at: '19:00',
    minutes: 60,
    location: 'online',
    paid: true,
    ends: 'completed',
    review: { rating: 4, comment: 'Very clear analysis of Ella’s positioning, with useful clips.' },
  },
  {
    client: 'mia',
    coach: 'dan',
    service: 'fitness_conditioning',
    inDays: -8,
    at: '07:00',
    minutes: 60,
    location: 'gym',
    paid: true,
    ends: 'completed',
    review: { rating: 5, comment: 'Tough but exactly what I needed for pre-season.' },
  },
  { client: 'noah', coach: 'sofia', service: 'midfield', inDays: 9, at: '11:00', minutes: 60, location: 'online', paid: true, ends: 'cancelled', reason: 'Match rescheduled to that morning, sorry!' },
  { client: 'leo', coach: 'aisha', service: 'defense', inDays: 4, at: '13:00', minutes: 60, location: 'outdoor', paid: true, ends: 'declined', reason: 'I am away at a coaching course that week.' },
  {
    client: 'mia',
    coach: 'marcus',
    service: 'striker',
    inDays: -4,
    at: '16:00',
    minutes: 60,
    location: 'outdoor',
    address: 'Hackney Marshes, pitch 2',
    paid: true,
    ends: 'disputed',
    reason: 'The coach arrived 40 minutes late and the session was cut short.',
    messages: [
      ['client', 'I waited 40 minutes, this is not OK.'],
      ['coach', 'Really sorry, the trains were cancelled.'],
    ],
  },
];

/** The client whose account-deletion request waits for an administrator. */
export const DEMO_DELETION_REQUEST = { client: 'leo', reason: 'I am moving abroad and will not use FACT any more.' } as const;

/**
 * Demo coaches who have set weekly hours (the others keep SPEC's default grid): Dan trains
 * players before and after work, every day 06:00–22:00 on the quarter hour.
 */
export const DEMO_WEEKLY_HOURS: Record<string, { ranges: { weekday: number; start: string; end: string; location: string | null }[]; slotStepMinutes: number }> = {
  dan: { ranges: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '06:00', end: '22:00', location: 'Edgbaston Leisure Centre' })), slotStepMinutes: 15 },
};
