// The one brand colour: the theme's primary colour and the badge colour of barbers.
export const BRAND_COLOR = '#0f766e';
export const BRAND_COLOR_DARK = '#115e59';
export const MANAGER_COLOR = '#7c3aed';
export const ADMIN_COLOR = '#dc2626';
export const SIDEBAR_WIDTH = 248;
export const MOBILE_HEADER_HEIGHT = 64;
export const LOGO_WIDTH = 105;

/** Badge colour of a team role: manager purple, admin red, others the brand colour. */
export function roleColor(role: string): string {
  if (role === 'manager') return MANAGER_COLOR;
  if (role === 'admin') return ADMIN_COLOR;
  return BRAND_COLOR;
}
