% By submitting a query to RIPN's Whois Service
% you agree to abide by the following terms of use:
% http://www.ripn.net/about/servpol.html#3.2 (in Russian) 
% http://www.ripn.net/about/en/servpol.html#3.2 (in English).

domain:        GIT.RU
nserver:       hosting1.telekom.ru.
nserver:       ns2.telekom.ru.
state:         REGISTERED, DELEGATED, UNVERIFIED
person:        Private Person
registrar:     RELCOMHOST-RU
admin-contact: https://relcom.host
created:       2001-11-19T21:00:00Z
paid-till:     2020-11-20T21:00:00Z
free-date:     2020-12-22
source:        TCI

Last updated on 2019-09-30T03:01:33Z


