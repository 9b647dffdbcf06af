package pyre

// catText[ascii][cat] is the regexp2 class for a category escape used on its
// own (\d, \D, …), for Unicode (0) and ASCII (1) mode. They equal
// pyClass(&Class{Cats: []Category{cat}}) (TestCatText checks it); they are
// constants so that nothing is computed at start-up. The Unicode ones are
// unions of regexp2 IgnoreCase classes; the ASCII \w and \W are not.
var catText = [2][CatNotWord + 1]string{
	{
		CatDigit:    `[\p{Nd}-[\x{11f50}-\x{11f59}\x{1e4f0}-\x{1e4f9}]]`,
		CatNotDigit: `[\x{0}-\x{10ffff}-[\p{Nd}-[\x{11f50}-\x{11f59}\x{1e4f0}-\x{1e4f9}]]]`,
		CatSpace:    `[\x{1c}-\x{1f}\s]`,
		CatNotSpace: `[^\x{1c}-\x{1f}\s]`,
		CatWord:     `[\x{5f}\p{L}\p{N}-[\x{1123f}\x{11240}\x{11f02}-\x{11f59}\x{1342f}-\x{13446}\x{1b132}\x{1b155}\x{1d2c0}-\x{1d2d3}\x{1df25}-\x{1e06d}\x{1e4d0}-\x{1e4f9}\x{2b739}\x{31350}-\x{323af}]]`,
		CatNotWord:  `[\x{0}-\x{10ffff}-[\x{5f}\p{L}\p{N}-[\x{1123f}\x{11240}\x{11f02}-\x{11f59}\x{1342f}-\x{13446}\x{1b132}\x{1b155}\x{1d2c0}-\x{1d2d3}\x{1df25}-\x{1e06d}\x{1e4d0}-\x{1e4f9}\x{2b739}\x{31350}-\x{323af}]]]`,
	},
	{
		CatDigit:    `[0-9]`,
		CatNotDigit: `[\x{0}-\x{2f}\x{3a}-\x{10ffff}]`,
		CatSpace:    `[\x{9}-\x{d}\x{20}]`,
		CatNotSpace: `[\x{0}-\x{8}\x{e}-\x{1f}\x{21}-\x{10ffff}]`,
		CatWord:     `[0-9A-Z\x{5f}a-z]`,
		CatNotWord:  `[\x{0}-\x{2f}\x{3a}-\x{40}\x{5b}-\x{5e}\x{60}\x{7b}-\x{10ffff}]`,
	},
}
