import { EntitySchema } from '@mikro-orm/core';
import { bool, instant, int, text, textArray, uuidPk, versionColumn } from './columns';

export interface CoachProfileRecord {
  userId: string;
  credentials: string[];
  servicesOffered: string[];
  hourlyRatePence: number;
  ageGroups: string[];
  serviceRadiusMiles: number;
  isVerified: boolean;
  rating: string; // numeric(2,1) arrives as a string; the repository parses it
  reviewCount: number;
  totalSessions: number;
  isListed: boolean;
  createdAt: Date;
  updatedAt: Date;
  version: number;
}

export const CoachProfileEntity = new EntitySchema<CoachProfileRecord>({
  name: 'CoachProfile',
  tableName: 'coach_profiles',
  properties: {
    userId: uuidPk,
    credentials: textArray,
    servicesOffered: textArray,
    hourlyRatePence: int,
    ageGroups: textArray,
    serviceRadiusMiles: int,
    isVerified: bool,
    rating: { ...text, columnType: 'numeric(2,1)' },
    reviewCount: int,
    totalSessions: int,
    isListed: bool,
    createdAt: instant,
    updatedAt: instant,
    version: versionColumn,
  },
});
