import { randomUUID } from 'node:crypto';
import type { TestDatabase } from './database';

/** A coach row for read-model tests, inserted straight into users + coach_profiles. */
export interface CoachSpec {
  id: string;
  fullName: string;
  bio: string | null;
  location: string | null;
  services: string[];
  ratePence: number;
  rating: number;
  totalSessions: number;
  isVerified: boolean;
  isActive: boolean;
  isListed: boolean;
  /** false: a user of type coach without a coach profile. */
  hasProfile: boolean;
}

const FIRST = ['Alex', 'Sam', 'Jordan', 'Casey', 'Riley', 'Morgan', 'Jamie', 'Taylor', 'Robin', 'Charlie', 'Frankie', 'Kai'];
const LAST = ['Smith', 'Jones', 'Taylor', 'Brown', 'Williams', 'Wilson', 'Evans', 'Thomas', 'Roberts', 'Walker', 'Okafor', 'Nowak'];
const PLACES = ['London', 'Manchester', 'Leeds', 'Bristol', 'Cardiff', 'Glasgow', 'Liverpool', 'Brighton', 'Norwich', 'York'];
const SERVICES = ['striker', 'midfield', 'defense', 'goalkeeping', 'fitness_conditioning', 'tactical_analysis'];
const BIOS = ['Former academy player', 'UEFA B licensed', 'Specialist in finishing drills', 'Patient with beginners', 'Ex-pro goalkeeper', null];

/** A small deterministic PRNG so generated data and expectations agree run after run. */
export function seededRandom(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function generateCoaches(count: number, seed = 42): CoachSpec[] {
  const rnd = seededRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)] as T;
  const coaches: CoachSpec[] = [];
  for (let i = 0; i < count; i++) {
    const services = SERVICES.filter(() => rnd() < 0.35);
    coaches.push({
      id: randomUUID(),
      fullName: `${pick(FIRST)} ${pick(LAST)}`,
      bio: pick(BIOS),
      location: rnd() < 0.9 ? `${Math.floor(rnd() * 200) + 1} High Street, ${pick(PLACES)}` : null,
      services: services.length > 0 ? services : [pick(SERVICES)],
      ratePence: [1500, 2500, 3000, 4500, 5000, 5999, 6000, 8000, 9999, 10000, 15000][Math.floor(rnd() * 11)] as number,
      rating: Math.round(rnd() * 50) / 10,
      totalSessions: Math.floor(rnd() * 40),
      isVerified: rnd() < 0.5,
      isActive: rnd() > 0.05,
      isListed: rnd() > 0.03,
      hasProfile: rnd() > 0.03,
    });
  }
  return coaches;
}

/** Inserts coaches in batches (one statement per 500). */
export async function insertCoaches(db: TestDatabase, coaches: readonly CoachSpec[]): Promise<void> {
  for (let start = 0; start < coaches.length; start += 500) {
    const batch = coaches.slice(start, start + 500);
    await db.query(
      `insert into users (id, email, full_name, bio, location_address, user_type, is_active, deactivated_at)
       select id, 'coach-' || id || '@example.test', full_name, bio, location, 'coach', active, case when active then null else now() end
         from unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::boolean[]) as t(id, full_name, bio, location, active)`,
      [batch.map((c) => c.id), batch.map((c) => c.fullName), batch.map((c) => c.bio), batch.map((c) => c.location), batch.map((c) => c.isActive)],
    );
    const withProfile = batch.filter((c) => c.hasProfile);
    await db.query(
      `insert into coach_profiles (user_id, services_offered, hourly_rate_pence, rating, total_sessions, is_verified, is_listed)
       select id, string_to_array(services, ','), rate, rating, sessions, verified, listed
         from unnest($1::uuid[], $2::text[], $3::int[], $4::numeric[], $5::int[], $6::boolean[], $7::boolean[])
           as t(id, services, rate, rating, sessions, verified, listed)`,
      [
        withProfile.map((c) => c.id),
        withProfile.map((c) => c.services.join(',')),
        withProfile.map((c) => c.ratePence),
        withProfile.map((c) => c.rating),
        withProfile.map((c) => c.totalSessions),
        withProfile.map((c) => c.isVerified),
        withProfile.map((c) => c.isListed),
      ],
    );
  }
}

/** The search's order, for computing expectations in the test. */
export function bySearchOrder(a: CoachSpec, b: CoachSpec): number {
  if (a.rating !== b.rating) return b.rating - a.rating;
  if (a.totalSessions !== b.totalSessions) return b.totalSessions - a.totalSessions;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

export const isSearchable = (c: CoachSpec): boolean => c.isActive && c.isListed && c.hasProfile;
