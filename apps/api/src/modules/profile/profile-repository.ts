import type { Sql } from '../../db/database.js';

export interface OwnProfile {
  name: string;
  phone_no: string;
  booking_url: string | null;
}

/** The account (users) and the barber record change together; a null link or photo keeps the stored one. */
export async function updateOwnProfile(tx: Sql, userId: number, membershipId: number, p: OwnProfile, photo: string | null): Promise<void> {
  await tx.query(
    `UPDATE users SET name = $2, phone_no = $3, booking_url = coalesce($4, booking_url), profile_photo = coalesce($5, profile_photo)
      WHERE id = $1`,
    [userId, p.name, p.phone_no, p.booking_url, photo],
  );
  await tx.query(
    `UPDATE barbers SET name = $2, phone_number = $3, booking_url = coalesce($4, booking_url), profile_pic = coalesce($5, profile_pic)
      WHERE membership_id = $1`,
    [membershipId, p.name, p.phone_no, p.booking_url, photo],
  );
}
