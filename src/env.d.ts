/// <reference types="astro/client" />

/** The tag-manager container id this build was made with (GTM_ID at build time; '' without one). */
declare const __GTM_ID__: string;
