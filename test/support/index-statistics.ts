/**
 * The statistics targets set on index columns of `tables` (coach_profiles_search_grams has 1 000:
 * decision 063), as the statements that set them again. A bulk load drops the secondary indexes and
 * re-creates them from pg_indexes.indexdef, which does not carry a column's target; without it the
 * planner's view of rare search pairs is ten times coarser and its plans differ from production's.
 */
export const INDEX_STATISTICS_SQL = `
  select format('alter index %I alter column %s set statistics %s', c.relname, a.attnum, a.attstattarget) as sql
    from pg_index i join pg_class c on c.oid = i.indexrelid join pg_attribute a on a.attrelid = i.indexrelid
   where i.indrelid::regclass::text = any($1) and a.attnum > 0 and a.attstattarget >= 0`;
