import PrintIcon from '@mui/icons-material/Print';
import { Box, Button, GlobalStyles, Typography } from '@mui/material';
import { QRCodeSVG } from 'qrcode.react';
import { useSession } from '../layout/session';
import { useDataProvider } from 'react-admin';
import type { ChairlineDataProvider } from '@chairline/data-provider';

/**
 * Printing shows the poster alone: every element that neither holds the poster nor sits inside it
 * is hidden (sidebar, header, buttons), and the poster's ancestors lose their padding and heights.
 * The page size follows the printer's paper (A4 or Letter); the poster is sized to fit the smaller
 * printable area of the two (186 mm wide on A4, 255 mm tall on Letter with 12 mm margins).
 */
const PRINT_STYLES = `
@page { size: auto; margin: 12mm; }
@media print {
  html, body { background: #fff !important; }
  body *:not(:has([data-poster])):not([data-poster]):not([data-poster] *) { display: none !important; }
  body *:has([data-poster]) {
    display: block !important; position: static !important; padding: 0 !important; margin: 0 !important;
    min-height: 0 !important; height: auto !important; max-width: none !important; width: auto !important;
    border: 0 !important; box-shadow: none !important; background: #fff !important;
  }
  [data-poster] { border: 0 !important; box-shadow: none !important; margin: 0 auto !important; break-inside: avoid; page-break-inside: avoid; }
}
`;

/** The shop's check-in poster for the door: name, call to action, QR code of the check-in page, short address. */
export function PosterPage() {
  const { user } = useSession();
  const dataProvider = useDataProvider<ChairlineDataProvider>();
  const path = `/shop/${encodeURIComponent(user.shop_username)}`;
  const url = `${window.location.origin}${path}`;
  const shortUrl = `${window.location.host}${path}`;

  const print = () => {
    // Printing is a step of the setup checklist; the poster prints whether or not the note is saved.
    void dataProvider.markGettingStarted('poster_printed').catch(() => undefined);
    window.print();
  };

  return (
    <Box>
      <GlobalStyles styles={PRINT_STYLES} />
      <Box data-screen-only sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 3, flexWrap: 'wrap' }}>
        <Box sx={{ flex: 1, minWidth: 240 }}>
          <Typography variant="h5" component="h1">
            Check-in poster
          </Typography>
          <Typography color="text.secondary">Print it on A4 or Letter paper and put it on your door or counter.</Typography>
        </Box>
        <Button variant="contained" startIcon={<PrintIcon />} onClick={print}>
          Print
        </Button>
      </Box>
      <Box
        component="article"
        data-poster
        aria-label="Poster"
        sx={{
          width: '180mm',
          maxWidth: '100%',
          mx: 'auto',
          p: '10mm',
          boxSizing: 'border-box',
          bgcolor: '#fff',
          border: '1px solid',
          borderColor: 'divider',
          borderRadius: 2,
          textAlign: 'center',
          color: '#111',
        }}
      >
        <Typography component="p" sx={{ fontSize: '26pt', fontWeight: 800, lineHeight: 1.2, overflowWrap: 'anywhere' }}>
          {user.shop_name}
        </Typography>
        <Typography component="p" sx={{ fontSize: '34pt', fontWeight: 800, lineHeight: 1.2, mt: '6mm' }}>
          Scan to join the line
        </Typography>
        <Box sx={{ my: '8mm', display: 'flex', justifyContent: 'center' }}>
          <QRCodeSVG value={url} size={512} level="M" marginSize={2} role="img" aria-label="Check-in QR code" style={{ width: '120mm', maxWidth: '100%', height: 'auto' }} />
        </Box>
        <Typography component="p" sx={{ fontSize: '16pt', fontWeight: 600, overflowWrap: 'anywhere' }}>
          {shortUrl}
        </Typography>
        <Typography component="p" sx={{ fontSize: '12pt', color: '#555', mt: '3mm' }}>
          No app needed: open your camera, scan, and we&apos;ll keep your place.
        </Typography>
      </Box>
    </Box>
  );
}
