import { sql, type Kysely } from 'kysely';

/**
 * Issue 40 (decisions 090–093): sign-in that companies trust.
 *
 * - `users.totp_secret_sealed`, `totp_enabled_at`, `totp_last_step`: the TOTP secret sealed in the
 *   secret box (decision 090), when it was turned on (null while set-up is unfinished), and the last
 *   30-second step accepted, so a code works once.
 * - `recovery_codes`: ten single-use codes per account, by SHA-256 only.
 * - `passkeys`: WebAuthn credentials (decision 091): id, public key, signature counter, transports,
 *   the name the user gave, last use.
 * - `auth_challenges`: short-lived server-side state of a ceremony, by the SHA-256 of its id — a
 *   sign-in waiting for its second factor, a WebAuthn challenge, an OpenID Connect state with its
 *   nonce and PKCE verifier. Taken by one conditional delete, so each is used once on every server.
 * - `user_identities`: an account's link to an OpenID Connect subject (decision 092), made when
 *   the verified email first matched.
 * - `user_devices`: a browser that signed in to an account, named by a random cookie kept as
 *   SHA-256 (decision 093): first and last seen, and `trusted_until` when the user asked to be
 *   remembered (no second factor there for 30 days).
 * - `sessions.last_seen_at`, `method`, `device_id`: what the sessions list shows.
 * - `companies.require_two_factor`: 1 = the company's administrator accounts must use a second
 *   factor.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('totp_secret_sealed', 'text').execute();
  await db.schema.alterTable('users').addColumn('totp_enabled_at', 'text').execute();
  await db.schema.alterTable('users').addColumn('totp_last_step', 'integer').execute();

  await db.schema
    .createTable('recovery_codes')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('recovery_codes_user').on('recovery_codes').columns(['user_id', 'code_hash']).execute();

  await db.schema
    .createTable('passkeys')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('credential_id', 'text', (c) => c.notNull().unique())
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('counter', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('transports', 'text')
    .addColumn('device_type', 'text')
    .addColumn('backed_up', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`backed_up in (0, 1)`),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .execute();
  await db.schema.createIndex('passkeys_user').on('passkeys').column('user_id').execute();

  await db.schema
    .createTable('auth_challenges')
    .addColumn('id_hash', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('auth_challenges_expires').on('auth_challenges').column('expires_at').execute();

  await db.schema
    .createTable('user_identities')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .addUniqueConstraint('user_identities_issuer_subject', ['issuer', 'subject'])
    .execute();
  await db.schema.createIndex('user_identities_user').on('user_identities').column('user_id').execute();

  await db.schema
    .createTable('user_devices')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text')
    .addColumn('address', 'text')
    .addColumn('first_seen_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('trusted_until', 'text')
    .addUniqueConstraint('user_devices_user_token', ['user_id', 'token_hash'])
    .execute();

  await db.schema.alterTable('sessions').addColumn('last_seen_at', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('method', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('device_id', 'integer').execute();

  await db.schema
    .alterTable('companies')
    .addColumn('require_two_factor', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`require_two_factor in (0, 1)`),
    )
    .execute();
}
