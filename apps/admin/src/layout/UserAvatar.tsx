import { Avatar } from '@mui/material';
import type { SessionUser } from '@chairline/shared';
import { imageUrl } from '../common/image-url';
import { BRAND_COLOR } from './brand';
import { avatarLetter, displayName } from './user-display';

export { avatarLetter, displayName };

type AvatarUser = Pick<SessionUser, 'name' | 'email' | 'profile_photo' | 'profile_pic'>;

export function UserAvatar({ user, size = 36 }: { user: AvatarUser; size?: number }) {
  const photo = imageUrl(user.profile_photo ?? user.profile_pic);
  return (
    <Avatar src={photo} alt={photo ? displayName(user) : undefined} sx={{ width: size, height: size, bgcolor: BRAND_COLOR, fontSize: size * 0.45, fontWeight: 700 }}>
      {avatarLetter(user)}
    </Avatar>
  );
}
