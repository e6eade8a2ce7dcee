// A seller's details for invoice tests (Settings → seller of the practice profile).
import type { SellerDetails } from '../../contract/methods/profiles';

export const seller: SellerDetails = {
  legalNameAr: 'شركة المثال للتجارة', legalNameEn: 'Example Trading Co.', vatNumber: '310122393500003', crNumber: '1010010000',
  address: 'King Fahd Road, Riyadh 12271', logo: null,
};
