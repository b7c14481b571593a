/**
 * An international directory of helplines, by country (decision 037): where the support cards
 * point when the deployment's own crisis resources (decision 083) cannot be read.
 */
export const HELPLINE_DIRECTORY_URL = 'https://findahelpline.com';
