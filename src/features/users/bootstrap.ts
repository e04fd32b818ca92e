import type { Config } from '../../config/config.js';
import type { Clock } from '../../lib/clock.js';
import { hashPassword } from '../../lib/password.js';
import { generateUid } from '../../lib/uid.js';
import type { Db } from '../../store/database.js';
import { advanceIdSequence, insertReturningId } from '../../store/insert.js';
import { inTransaction } from '../../store/transaction.js';

const MAIN_ORG_NAME = 'Main Org.';
/**
 * Given, not generated: of two instances starting together on MySQL, the one whose transaction
 * inserted first can still lose a deadlock and roll back, and the other's generated id was 2.
 */
const MAIN_ORG_ID = 1;

/**
 * First start: org 1 "Main Org." and the admin from [security] (server admin, Admin of org 1),
 * created only while the user table is empty, in one transaction so that instances starting
 * together cannot create two admins.
 */
export async function ensureDefaultOrgAndAdmin(
  db: Db,
  config: Config,
  clock: Clock,
  adminPasswordHash: () => Promise<string> = () => hashPassword(config.security.adminPassword),
): Promise<void> {
  const anyUser = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (anyUser) return;
  const password = await adminPasswordHash();
  try {
    await createOrgAndAdmin(db, config, clock, password);
  } catch (err) {
    // Another instance starting at the same moment won the race (unique name/login); that is fine.
    if (!(await db.selectFrom('users').select('id').limit(1).executeTakeFirst())) throw err;
  }
}

async function createOrgAndAdmin(db: Db, config: Config, clock: Clock, password: string): Promise<void> {
  await inTransaction(db, async (trx) => {
    const now = clock.now();
    const existingOrg = await trx.selectFrom('org').select('id').orderBy('id').limit(1).executeTakeFirst();
    let orgId = existingOrg?.id;
    if (orgId === undefined) {
      orgId = MAIN_ORG_ID;
      await trx
        .insertInto('org')
        .values({ id: orgId, ...emptyAddress, version: 0, name: MAIN_ORG_NAME, created: now, updated: now })
        .execute();
      await advanceIdSequence(trx, 'org');
    }
    if (config.security.disableInitialAdminCreation) return;
    if (await trx.selectFrom('users').select('id').limit(1).executeTakeFirst()) return;
    const userId = await insertReturningId(
      trx,
      trx.insertInto('users').values({
        uid: generateUid(),
        version: 0,
        login: config.security.adminUser.toLowerCase(),
        email: config.security.adminEmail.toLowerCase(),
        name: '',
        password,
        salt: '',
        theme: '',
        org_id: orgId,
        is_admin: 1,
        is_disabled: 0,
        is_service_account: 0,
        is_external: 0,
        created: now,
        updated: now,
        last_seen_at: 0,
      }),
    );
    await trx
      .insertInto('org_user')
      .values({ org_id: orgId, user_id: userId, role: 'Admin', created: now, updated: now })
      .execute();
  });
}

const emptyAddress = { address1: '', address2: '', city: '', state: '', zip_code: '', country: '' };
