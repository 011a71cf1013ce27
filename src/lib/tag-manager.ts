/** A Google Tag Manager container id as GTM prints it (GTM-XXXXXXX), or undefined for anything else. */
export function tagManagerId(value: string | undefined): string | undefined {
  const id = value?.trim().toUpperCase();
  return id && /^GTM-[A-Z0-9]{4,12}$/.test(id) ? id : undefined;
}

export const TAG_MANAGER_ORIGIN = 'https://www.googletagmanager.com';
