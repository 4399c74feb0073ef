import type { Customer, CustomerInput } from '@chairline/shared';
import type { Sql } from '../../db/database.js';
import { customerPhone, phoneSearchDigits, shopCountry } from './customer-phone.js';
import { insertCustomer, listCustomers, updateCustomer, type CustomerQuery } from './customers-repository.js';

// The customer rules that are not SQL: phones are stored in E.164 for the shop's country, and a
// search matches a phone typed in any form. The repository gets the values ready to store or match.

/** A customer's phone as stored: E.164 in the shop's country (a 400 when it is not a phone), or none. */
async function storedPhone(sql: Sql, shopId: number, typed: string): Promise<string | null> {
  return typed ? customerPhone(typed, await shopCountry(sql, shopId)) : null;
}

export async function searchCustomers(sql: Sql, shopId: number, q: CustomerQuery): Promise<{ rows: Customer[]; total: number }> {
  const phoneDigits = q.searchNamesOnly ? undefined : q.search ? phoneSearchDigits(q.search, await shopCountry(sql, shopId)) : '';
  return listCustomers(sql, shopId, q, phoneDigits);
}

export async function addCustomer(sql: Sql, shopId: number, input: CustomerInput): Promise<number> {
  return insertCustomer(sql, shopId, input, await storedPhone(sql, shopId, input.phone));
}

/** False when the shop has no such customer. */
export async function changeCustomer(sql: Sql, shopId: number, id: number, input: CustomerInput): Promise<boolean> {
  return updateCustomer(sql, shopId, id, input, await storedPhone(sql, shopId, input.phone));
}
