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
%% [1.1.1.1 REQUEST] >> git.tf
%%
%% RL Net [##########] - RL IP [#######...]
%%

domain:      git.tf
status:      ACTIVE
hold:        NO
holder-c:    JN6975-FRNIC
admin-c:     JN7243-FRNIC
tech-c:      JN7243-FRNIC
zone-c:      NFC1-FRNIC
nsl-id:      NSL53460-FRNIC
registrar:   1API GmbH
Expiry Date: 2020-01-20T04:16:05Z
created:     2019-01-20T04:16:05Z
last-update: 2019-01-21T15:35:50Z
source:      FRNIC

ns-list:     NSL53460-FRNIC
nserver:     ns1.parkingcrew.net
nserver:     ns2.parkingcrew.net
source:      FRNIC

registrar:   1API GmbH
type:        Isp Option 1
address:     Talstrasse 27
address:     66424 HOMBURG
country:     DE
phone:       +49 6841 6984200
fax-no:      +49 6841 6984299
e-mail:      info@1api.net
website:     http://www.1api.net
anonymous:   NO
registered:  2008-09-03T12:00:00Z
source:      FRNIC

nic-hdl:     JN6975-FRNIC
type:        PERSON
contact:     Jurgen Neeme
address:     Parnu Mnt 139C
address:     11317 Tallinn
address:     Harjumaa
country:     EE
phone:       +372 55983275
e-mail:      jurgen@opus.ws
registrar:   1API GmbH
changed:     2019-08-14T00:05:22Z nic@nic.fr
anonymous:   NO
obsoleted:   NO
eligstatus:  not identified
reachstatus: not identified
source:      FRNIC

nic-hdl:     JN7243-FRNIC
type:        PERSON
contact:     Jurgen Neeme
address:     Parnu Mnt 139C
address:     11317 Tallinn
address:     Harjumaa
country:     EE
phone:       +372.55983275
e-mail:      jurgen@opus.ws
registrar:   1API GmbH
changed:     2017-09-28T16:59:52Z nic@nic.fr
anonymous:   NO
obsoleted:   NO
eligstatus:  not identified
reachstatus: not identified
source:      FRNIC

nic-hdl:     JN7243-FRNIC
type:        PERSON
contact:     Jurgen Neeme
address:     Parnu Mnt 139C
address:     11317 Tallinn
address:     Harjumaa
country:     EE
phone:       +372.55983275
e-mail:      jurgen@opus.ws
registrar:   1API GmbH
changed:     2017-09-28T16:59:52Z nic@nic.fr
anonymous:   NO
obsoleted:   NO
eligstatus:  not identified
reachstatus: not identified
source:      FRNIC


