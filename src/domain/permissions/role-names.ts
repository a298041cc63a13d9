import { defaultRoles } from './default-roles.ts';

/**
 * The roles every company is created with are stored under their English names ("Administrator",
 * "Employee"); a screen shows them in its language by key. Any other name, and a built-in role
 * renamed by an admin, is shown exactly as typed (decision 031).
 */
const BUILT_IN_KEYS: Readonly<Record<string, string>> = {
  Administrator: 'roles.builtIn.Administrator',
  Employee: 'roles.builtIn.Employee',
  Representatives: 'roles.builtIn.Representatives',
};

// Every default role has its translation key (a new default role must add one).
for (const role of defaultRoles()) if (!BUILT_IN_KEYS[role.name]) throw new Error(`No translation key for the built-in role ${role.name}`);

export function isBuiltInRoleName(name: string): boolean {
  return Object.hasOwn(BUILT_IN_KEYS, name);
}

export function roleDisplayName(name: string, t: (key: string) => string): string {
  return isBuiltInRoleName(name) ? t(BUILT_IN_KEYS[name]!) : name;
}
