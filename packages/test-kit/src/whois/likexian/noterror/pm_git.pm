%%
%% This is the AFNIC Whois server.
%%
%% complete date format : YYYY-MM-DDThh:mm:ssZ
%% short date format    : DD/MM
%% version              : FRNIC-2.5
%%
%% Rights restricted by copyright.
%% See https://www.afnic.fr/en/products-and-services/services/whois/whois-special-notice/
%%
%% Use '-h' option to obtain more information about this service.
%%
%% [1.1.1.1 REQUEST] >> git.pm
%%
%% RL Net [##########] - RL IP [######....]
%%

domain:      git.pm
status:      ACTIVE
hold:        NO
holder-c:    TS6102-FRNIC
admin-c:     TS6101-FRNIC
tech-c:      TS6101-FRNIC
zone-c:      NFC1-FRNIC
nsl-id:      NSL38500-FRNIC
registrar:   GRANSY s.r.o.
Expiry Date: 2020-07-18T16:17:05Z
created:     2013-07-18T16:17:05Z
last-update: 2019-06-12T07:35:08Z
source:      FRNIC

ns-list:     NSL38500-FRNIC
nserver:     ns1.srna.sk
nserver:     ns2.srna.sk
source:      FRNIC

registrar:   GRANSY s.r.o.
type:        Isp Option 1
address:     Borivojova 35
address:     130 00 PRAGUE 3
country:     CZ
phone:       +420 732 954549
e-mail:      info@subreg.cz
website:     http://www.subreg.cz
anonymous:   NO
registered:  2010-05-19T12:00:00Z
source:      FRNIC

nic-hdl:     TS6102-FRNIC
type:        ORGANIZATION
contact:     Tomas Srna
address:     Vanickova 7
address:     16900 Praha
address:     Hlavni mesto Praha
country:     CZ
phone:       +420 608920049
e-mail:      tomas@srna.sk
registrar:   GRANSY s.r.o.
changed:     2016-11-22T13:45:12Z nic@nic.fr
anonymous:   NO
obsoleted:   NO
eligstatus:  not identified
reachstatus: not identified
source:      FRNIC

nic-hdl:     TS6101-FRNIC
type:        PERSON
contact:     Tomá Srna
address:     Patockova 2472/81a
address:     16900 Praha
address:     Hlavni mesto Praha
country:     CZ
phone:       +420 608920049
e-mail:      tomas@srna.net
registrar:   GRANSY s.r.o.
changed:     2018-06-25T13:27:02Z nic@nic.fr
anonymous:   NO
obsoleted:   NO
eligstatus:  not identified
reachstatus: not identified
source:      FRNIC

nic-hdl:     TS6101-FRNIC
type:        PERSON
contact:     Tomá Srna
address:     Patockova 2472/81a
address:     16900 Praha
address:     Hlavni mesto Praha
country:     CZ
phone:       +420 608920049
e-mail:      tomas@srna.net
registrar:   GRANSY s.r.o.
changed:     2018-06-25T13:27:02Z nic@nic.fr
anonymous:   NO
obsoleted:   NO
eligstatus:  not identified
reachstatus: not identified
source:      FRNIC


