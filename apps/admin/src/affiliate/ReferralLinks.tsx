import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DownloadIcon from '@mui/icons-material/Download';
import { Box, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { QRCodeCanvas } from 'qrcode.react';
import { useRef, useState } from 'react';
import { QR_CODE_PX, type AffiliateProfile } from '@chairline/shared';

function CopyField({ label, value }: { label: string; value: string }) {
  const [copied, setCopied] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
    } catch {
      // Clipboard refused (insecure origin): select the text so the person can copy it.
      input.current?.select();
    }
    setCopied(true);
  };
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
      <TextField label={label} value={value} fullWidth size="small" inputRef={input} slotProps={{ htmlInput: { readOnly: true } }} />
      <Button variant="contained" startIcon={<ContentCopyIcon />} onClick={copy} sx={{ whiteSpace: 'nowrap' }} aria-label={`Copy ${label.toLowerCase()}`}>
        {copied ? 'Copied!' : 'Copy'}
      </Button>
    </Stack>
  );
}

/** The affiliate's two links (landing page and sign-up) with copy buttons and a QR code to download. */
export function ReferralLinks({ profile }: { profile: AffiliateProfile }) {
  const qr = useRef<HTMLCanvasElement>(null);
  const download = () => {
    const canvas = qr.current;
    if (!canvas) return;
    const link = document.createElement('a');
    link.href = canvas.toDataURL('image/png');
    link.download = `chairline-referral-${profile.referral_code}.png`;
    link.click();
  };
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          Your referral links
        </Typography>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ alignItems: { md: 'center' } }}>
          <Stack spacing={2} sx={{ flex: 1 }}>
            <CopyField label="Landing page link" value={profile.referral_links.home} />
            <CopyField label="Sign-up link" value={profile.referral_links.signup} />
            <Typography variant="body2" color="text.secondary">
              Referral code: <strong>{profile.referral_code}</strong>. A visitor's invite lasts 30 days on their device.
            </Typography>
          </Stack>
          <Box sx={{ textAlign: 'center' }}>
            <QRCodeCanvas ref={qr} value={profile.referral_links.home} size={QR_CODE_PX} marginSize={2} role="img" aria-label="QR code of your referral link" />
            <Box>
              <Button size="small" startIcon={<DownloadIcon />} onClick={download}>
                Download QR code
              </Button>
            </Box>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}
