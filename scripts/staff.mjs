// `npm run staff -- add <email> <role> [name]`: invites a staff member (the first owner, on a new shop) and prints
// a one-time link to choose a password and set up the second factor (docs/back-office.md). Afterwards the owner
// invites everyone else in the back office. `npm run staff -- list` lists the staff.
// `npm run staff -- reseal`: after a key rotation (STAFF_SECRET_KEY new, the old one in STAFF_SECRET_KEYS_OLD), seals
// every second-factor secret and recovery code of staff and seller members under the new key, and says how many remain
// under each retired key (none: STAFF_SECRET_KEYS_OLD can be emptied). Issue 50, src/core/second-factor/server/sign-in/reseal.ts.
// Database: DATABASE_URL (PostgreSQL) or DATABASE_PATH (SQLite, default ./data/shop.sqlite); links use SITE_URL.
import { openDatabase } from '../src/server/db/index.ts';
import { serverConfig } from '../src/server/config.ts';
import { inviteStaff, listStaff } from '../src/desk/staff/server/staff-accounts.ts';
import { isStaffRole, STAFF_ROLES } from '../src/core/permissions/permissions.ts';

const [command, email, role, ...nameParts] = process.argv.slice(2);
const usage = `usage: npm run staff -- add <email> <${STAFF_ROLES.join('|')}> [name]\n       npm run staff -- list | reseal`;
const config = serverConfig();

if (command !== 'list' && command !== 'reseal' && !(command === 'add' && email?.includes('@') && role && isStaffRole(role))) {
  console.error(usage);
  process.exit(2);
}
const { db } = await openDatabase({ databaseUrl: config.database.url, sqlitePath: config.database.sqlitePath, seed: false });
let code = 0;
try {
  if (command === 'reseal') {
    const { resealAll } = await import('../src/core/second-factor/server/sign-in/reseal.ts');
    const { currentKeyId, retiredKeyIds } = await import('../src/server/auth/secret-box.ts');
    const { STAFF_REALM } = await import('../src/core/actors/server/staff-sessions.ts');
    const { SELLER_REALM } = await import('../src/core/actors/server/seller-sessions.ts');
    const { resealed, retired } = await resealAll(db, [STAFF_REALM, SELLER_REALM]);
    console.log(
      `Re-sealed ${resealed} second-factor secret(s) and recovery code(s) under STAFF_SECRET_KEY (key ${currentKeyId()}).`,
    );
    const configured = retiredKeyIds();
    for (const [position, id] of configured.entries())
      console.log(`  retired key ${id} (STAFF_SECRET_KEYS_OLD #${position + 1}): ${retired[id] ?? 0} remain`);
    for (const [id, count] of Object.entries(retired))
      if (!configured.includes(id))
        console.log(
          `  unknown key ${id} (in no setting): ${count} remain; those members need an owner to reset their authenticator`,
        );
    const left = Object.values(retired).reduce((sum, n) => sum + n, 0);
    console.log(
      left ? `${left} remain under other keys.` : 'None remain under a retired key: STAFF_SECRET_KEYS_OLD can be emptied.',
    );
  } else if (command === 'list') {
    for (const m of await listStaff(db))
      console.log(`${m.id}\t${m.email}\t${m.role}\t${m.status}${m.twoFactor ? '' : '\t(no second factor yet)'}`);
  } else {
    const name = nameParts.join(' ') || email.split('@')[0];
    const { token } = await inviteStaff(db, { email, name, role }, null);
    console.log(`Invited ${email} as ${role}. Open this link within 3 days to choose a password and set up the second factor:`);
    console.log(`${config.publicOrigin}/en/admin/accept-invite?token=${encodeURIComponent(token)}`);
  }
} catch (error) {
  code = 1;
  console.error(error instanceof Error ? error.message : error);
} finally {
  await db.destroy();
}
process.exit(code);
