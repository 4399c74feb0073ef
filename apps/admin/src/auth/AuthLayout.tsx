import { PRODUCT_NAME } from '@chairline/shared';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { Box, Link, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { BRAND_COLOR, BRAND_COLOR_DARK } from '../layout/brand';
import { Logo } from '../layout/Logo';
import { AuthTheme } from './AuthTheme';
import { useCopyrightYear } from './copyright-year';

const SHOP_POINTS = [
  'A live walk-in queue customers join from their phone',
  'Fair barber turns, reordered with a drag',
  'Invoices, commissions and your team in one place',
];
const AFFILIATE_POINTS = [
  'Share your referral link with barbershops',
  'Earn commission on every shop that subscribes',
  'Follow sign-ups and payouts from your dashboard',
];

/** The side panel: 'Welcome to' + the product, or the affiliates message. */
function SidePanel({ affiliate }: { affiliate: boolean }) {
  const points = affiliate ? AFFILIATE_POINTS : SHOP_POINTS;
  return (
    <Box
      component="aside"
      sx={{
        display: { xs: 'none', md: 'flex' },
        flex: '0 0 44%',
        flexDirection: 'column',
        justifyContent: 'center',
        px: 8,
        py: 6,
        color: '#fff',
        background: `radial-gradient(circle at 20% 20%, rgba(255,255,255,0.14), transparent 45%), linear-gradient(150deg, ${BRAND_COLOR} 0%, ${BRAND_COLOR_DARK} 60%, #0b3b38 100%)`,
      }}
    >
      {affiliate ? (
        <>
          <Typography variant="overline" sx={{ opacity: 0.8, letterSpacing: 2 }}>
            {PRODUCT_NAME} Affiliates
          </Typography>
          <Typography component="h2" sx={{ fontSize: 36, fontWeight: 800, lineHeight: 1.15, mt: 1 }}>
            Grow with the shops you know
          </Typography>
          <Typography sx={{ mt: 2, opacity: 0.85, maxWidth: 420 }}>
            Invite barbershops to {PRODUCT_NAME} and earn rewards for every shop that joins.
          </Typography>
        </>
      ) : (
        <>
          <Typography component="h2" sx={{ fontSize: 20, fontWeight: 500, opacity: 0.85 }}>
            Welcome to
          </Typography>
          <Typography sx={{ fontSize: 44, fontWeight: 800, letterSpacing: '-0.03em', lineHeight: 1.1 }}>{PRODUCT_NAME}</Typography>
          <Typography sx={{ mt: 2, opacity: 0.85, maxWidth: 420 }}>
            Run your shop's walk-ins, barbers and bookings from one calm screen.
          </Typography>
        </>
      )}
      <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, mt: 5 }}>
        {points.map((point) => (
          <Box component="li" key={point} sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
            <CheckCircleIcon fontSize="small" sx={{ opacity: 0.9 }} />
            <Typography variant="body2" sx={{ opacity: 0.95 }}>
              {point}
            </Typography>
          </Box>
        ))}
      </Stack>
    </Box>
  );
}

/** Two panels on desktop (form + brand panel), a single column on phones. */
export function AuthLayout({ affiliate = false, children }: { affiliate?: boolean; children: ReactNode }) {
  const year = useCopyrightYear();
  return (
    <AuthTheme>
      <Box sx={{ minHeight: '100vh', display: 'flex', bgcolor: 'background.default' }}>
        <Box component="main" sx={{ flex: 1, display: 'flex', flexDirection: 'column', px: { xs: 2.5, sm: 6 }, py: { xs: 3, sm: 4 } }}>
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
            <Logo />
            <Link component={RouterLink} to="/" reloadDocument underline="hover" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, fontSize: 14 }}>
              <ArrowBackIcon sx={{ fontSize: 16 }} />
              Back to home
            </Link>
          </Box>
          <Box sx={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', py: 4 }}>
            <Box sx={{ width: '100%', maxWidth: 420 }}>{children}</Box>
          </Box>
          <Typography variant="caption" color="text.secondary" sx={{ textAlign: 'center' }}>
            © {year} {PRODUCT_NAME}
          </Typography>
        </Box>
        <SidePanel affiliate={affiliate} />
      </Box>
    </AuthTheme>
  );
}
