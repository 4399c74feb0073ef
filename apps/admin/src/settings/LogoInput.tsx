import { Avatar, Button, Stack, Typography } from '@mui/material';
import { checkProfilePhoto, type ShopSettings } from '@chairline/shared';
import { useRef, useState } from 'react';
import { useNotify, useDataProvider } from 'react-admin';
import { imageUrl } from '../common/image-url';
import { errorText } from '../common/error-text';
import type { ChairlineDataProvider } from '@chairline/data-provider';

/** Shop logo: uploaded at once (POST /shop/settings/logo/, field shop_logo); same image rules as photos. */
export function LogoInput({ settings, onSaved }: { settings: ShopSettings; onSaved: (s: ShopSettings) => void }) {
  const notify = useNotify();
  const dataProvider = useDataProvider<ChairlineDataProvider>();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);

  const upload = async (file: File) => {
    const problem = checkProfilePhoto(file);
    if (problem) {
      notify(`${problem.title}: ${problem.text}`, { type: 'error' });
      return;
    }
    setBusy(true);
    try {
      const form = new FormData();
      form.append('shop_logo', file);
      onSaved(await dataProvider.uploadShopLogo(form));
      notify('Logo updated.', { type: 'success' });
    } catch (err) {
      notify(errorText(err), { type: 'error' });
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  const remove = async () => {
    setBusy(true);
    try {
      onSaved(await dataProvider.removeShopLogo());
      notify('Logo removed.', { type: 'success' });
    } catch (err) {
      notify(errorText(err), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack direction="row" gap={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <Avatar src={imageUrl(settings.shop_logo)} alt="Shop logo" variant="rounded" sx={{ width: 72, height: 72, fontSize: 28 }}>
        {settings.name.charAt(0).toUpperCase()}
      </Avatar>
      <input ref={input} hidden type="file" accept="image/*" aria-label="Logo file" onChange={(e) => e.target.files?.[0] && void upload(e.target.files[0])} />
      <Button variant="outlined" onClick={() => input.current?.click()} disabled={busy}>
        {busy ? 'Uploading…' : settings.shop_logo ? 'Change logo' : 'Upload logo'}
      </Button>
      {settings.shop_logo && (
        <Button color="error" onClick={() => void remove()} disabled={busy}>
          Remove
        </Button>
      )}
      <Typography variant="body2" color="text.secondary">
        JPEG or PNG, up to 5 MB. Shown on your public check-in page.
      </Typography>
    </Stack>
  );
}
