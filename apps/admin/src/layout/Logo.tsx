import { Box } from '@mui/material';
import { PRODUCT_NAME } from '@chairline/shared';
import { BRAND_COLOR, LOGO_WIDTH } from './brand';

/** The product mark: a barber-pole chair glyph and the name, 105 px wide. */
export function Logo({ color = BRAND_COLOR }: { color?: string }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, width: LOGO_WIDTH, flexShrink: 0 }} aria-label={PRODUCT_NAME}>
      <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
        <rect x="2" y="2" width="20" height="20" rx="6" fill={color} />
        <path d="M8 7h8M8 11h8M9 11v6M15 11v6M7 17h10" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <Box component="span" sx={{ fontWeight: 800, fontSize: 16, letterSpacing: '-0.02em', color: 'text.primary' }}>
        {PRODUCT_NAME}
      </Box>
    </Box>
  );
}
