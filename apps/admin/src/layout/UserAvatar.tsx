import { Avatar } from '@mui/material';
import type { SessionUser } from '@chairline/shared';
import { imageUrl } from '../common/image-url';
import { BRAND_COLOR } from './brand';

type AvatarUser = Pick<SessionUser, 'name' | 'email' | 'profile_photo' | 'profile_pic'>;

/** First letter of the name, else of the email, else 'U' (spec §2). */
export function avatarLetter(user: Partial<AvatarUser>): string {
  const source = user.name?.trim() || user.email?.trim() || '';
  return source ? source.charAt(0).toUpperCase() : 'U';
}

/** The name, else the email, else 'User'. */
export function displayName(user: Partial<AvatarUser>): string {
  return user.name?.trim() || user.email?.trim() || 'User';
}

export function UserAvatar({ user, size = 36 }: { user: AvatarUser; size?: number }) {
  const photo = imageUrl(user.profile_photo ?? user.profile_pic);
  return (
    <Avatar src={photo} alt={photo ? displayName(user) : undefined} sx={{ width: size, height: size, bgcolor: BRAND_COLOR, fontSize: size * 0.45, fontWeight: 700 }}>
      {avatarLetter(user)}
    </Avatar>
  );
}
