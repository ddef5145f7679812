import { EntitySchema } from '@mikro-orm/core';
import { bool, instant, instantNull, int, jsonb, text, textArray, textNull, uuidNull, uuidPk, versionColumn } from './columns';

export interface UserRecord {
  id: string;
  email: string | null;
  emailVerifiedAt: Date | null;
  passwordHash: string | null;
  googleId: string | null;
  fullName: string | null;
  phone: string | null;
  bio: string | null;
  avatarUrl: string | null;
  locationAddress: string | null;
  role: string;
  userType: string;
  isActive: boolean;
  deactivatedAt: Date | null;
  deactivationReason: string | null;
  deactivatedBy: string | null;
  erasedAt: Date | null;
  sessionVersion: number;
  preferredCoachingTypes: string[];
  preferredSessionTimes: string[];
  videoClip1: string | null;
  videoClip2: string | null;
  videoClip3: string | null;
  emailPreferences: Record<string, boolean>;
  createdAt: Date;
  updatedAt: Date;
  version: number;
}

export const UserEntity = new EntitySchema<UserRecord>({
  name: 'User',
  tableName: 'users',
  properties: {
    id: uuidPk,
    email: textNull,
    emailVerifiedAt: instantNull,
    passwordHash: { ...textNull, lazy: true },
    googleId: textNull,
    fullName: textNull,
    phone: textNull,
    bio: textNull,
    avatarUrl: textNull,
    locationAddress: textNull,
    role: text,
    userType: text,
    isActive: bool,
    deactivatedAt: instantNull,
    deactivationReason: textNull,
    deactivatedBy: uuidNull,
    erasedAt: instantNull,
    sessionVersion: int,
    preferredCoachingTypes: textArray,
    preferredSessionTimes: textArray,
    videoClip1: { ...textNull, fieldName: 'video_clip_1' },
    videoClip2: { ...textNull, fieldName: 'video_clip_2' },
    videoClip3: { ...textNull, fieldName: 'video_clip_3' },
    emailPreferences: jsonb,
    createdAt: instant,
    updatedAt: instant,
    version: versionColumn,
  },
});
