import { thaiAddressMessages } from '@siam/contract/thai-address';
import { describe, expect, it } from 'vitest';
import { demoBranchRegistrations, demoBranches } from '../../db/seed/demo-catalog';
import { subDistrict, subDistrictsOf, thaiAddressErrors, thaiAddressWords } from './thai-addresses';

describe('the TISI 1099 table of Thai addresses', () => {
  it('names a sub-district with its district and province, from the code alone', () => {
    expect(subDistrict('500108')).toEqual({
      code: '500108',
      name: { th: 'สุเทพ', en: 'Suthep' },
      district: { code: '5001', name: { th: 'เมืองเชียงใหม่', en: 'Mueang Chiang Mai' } },
      province: { code: '50', name: { th: 'เชียงใหม่', en: 'Chiang Mai' } },
    });
    expect(subDistrict('999999')).toBeUndefined();
  });

  it("lists a postcode's sub-districts, none for a postcode nobody has", () => {
    expect(subDistrictsOf('84320').map((s) => s.name.en)).toContain('Bo Phut');
    expect(subDistrictsOf('00000')).toEqual([]);
  });

  it('tells a wrong postcode and a sub-district outside it, at their fields', () => {
    expect(thaiAddressErrors({ subDistrictCode: '102601', postcode: '10400' }, 'a.')).toEqual([]);
    expect(thaiAddressErrors({ subDistrictCode: '102601', postcode: '10401' }, 'a.')).toEqual([
      { path: 'a.postcode', message: thaiAddressMessages.postcodeUnknown },
    ]);
    expect(thaiAddressErrors({ subDistrictCode: '102601', postcode: '10110' }, '')).toEqual([
      { path: 'subDistrictCode', message: thaiAddressMessages.subDistrictPostcode },
    ]);
    expect(thaiAddressErrors({ subDistrictCode: '109999', postcode: '10110' }, '')).toEqual([
      { path: 'subDistrictCode', message: thaiAddressMessages.subDistrict },
    ]);
  });

  it('words an address as Thai documents do: แขวง/เขต in Bangkok, ตำบล/อำเภอ/จังหวัด elsewhere', () => {
    expect(thaiAddressWords({ line: '99/9 ถนนรัชดาภิเษก', subDistrictCode: '102601', postcode: '10400' })).toBe(
      '99/9 ถนนรัชดาภิเษก แขวงดินแดง เขตดินแดง กรุงเทพมหานคร 10400',
    );
    expect(thaiAddressWords({ line: '60 ถนนมหิดล', subDistrictCode: '500108', postcode: '50200' })).toBe(
      '60 ถนนมหิดล ตำบลสุเทพ อำเภอเมืองเชียงใหม่ จังหวัดเชียงใหม่ 50200',
    );
  });

  it('knows every demo branch’s registered address, each branch its own number', () => {
    expect(Object.keys(demoBranchRegistrations).sort()).toEqual(demoBranches.map((b) => b.code).sort());
    for (const [code, r] of Object.entries(demoBranchRegistrations))
      expect(thaiAddressErrors(r.registeredAddress, ''), code).toEqual([]);
    const numbers = Object.values(demoBranchRegistrations).map((r) => r.taxBranchNo);
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(demoBranchRegistrations.bkk!.taxBranchNo).toBe('00000');
  });
});
