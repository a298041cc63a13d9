import { sql, type Kysely } from 'kysely';

/**
 * Issue 34, point 5 (four eyes): a leave keeps the account that asked for it (`requested_by`;
 * null once that account is deleted, or for leave imported or made by the demo seed), so nobody
 * decides a request they made themselves and the history shows who requested and who decided.
 * Existing rows take it from the audit log's entry that created them (`create` for a request,
 * `record` for leave recorded approved).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('leaves')
    .addColumn('requested_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await sql`
    update leaves set requested_by = (
      select a.user_id from audit_log a join users u on u.id = a.user_id
      where a.entity = 'leave' and a.entity_id = cast(leaves.id as text) and a.action in ('create', 'record')
      order by a.id limit 1
    )`.execute(db);
}
