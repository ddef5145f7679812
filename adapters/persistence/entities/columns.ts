/** Column shorthands so each entity schema reads like its table. */
export const uuidPk = { type: 'uuid', primary: true } as const;
export const uuid = { type: 'uuid' } as const;
export const uuidNull = { type: 'uuid', nullable: true } as const;
export const text = { type: 'text' } as const;
export const textNull = { type: 'text', nullable: true } as const;
export const int = { type: 'integer' } as const;
export const intNull = { type: 'integer', nullable: true } as const;
export const bool = { type: 'boolean' } as const;
export const instant = { type: 'Date', columnType: 'timestamptz' } as const;
export const instantNull = { type: 'Date', columnType: 'timestamptz', nullable: true } as const;
export const textArray = { type: 'string[]', columnType: 'text[]' } as const;
export const jsonb = { type: 'json', columnType: 'jsonb' } as const;
export const versionColumn = { type: 'integer', version: true } as const;
