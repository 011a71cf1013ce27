// `npm run staff -- add <email> <role> [name]`: invites a staff member (the first owner, on a new shop) and prints
// a one-time link to choose a password and set up the second factor (docs/back-office.md). Afterwards the owner
// invites everyone else in the back office. `npm run staff -- list` lists the staff.
// Database: DATABASE_URL (PostgreSQL) or DATABASE_PATH (SQLite, default ./data/shop.sqlite); links use SITE_URL.
import { openDatabase } from '../src/server/db/index.ts';
import { serverConfig } from '../src/server/config.ts';
import { inviteStaff, listStaff } from '../src/desk/staff/server/staff-accounts.ts';
import { isStaffRole, STAFF_ROLES } from '../src/desk/shell/permissions.ts';

const [command, email, role, ...nameParts] = process.argv.slice(2);
const usage = `usage: npm run staff -- add <email> <${STAFF_ROLES.join('|')}> [name]\n       npm run staff -- list`;
const config = serverConfig();

if (command !== 'list' && !(command === 'add' && email?.includes('@') && role && isStaffRole(role))) {
  console.error(usage);
  process.exit(2);
}
const { db } = await openDatabase({ databaseUrl: config.database.url, sqlitePath: config.database.sqlitePath, seed: false });
let code = 0;
try {
  if (command === 'list') {
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
