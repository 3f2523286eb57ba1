
DOMAIN NAME:           aftermarket.pl
registrant type:       organization
nameservers:           ns1.dropped.net.pl. [185.253.213.10]
                       ns2.dropped.net.pl. [185.253.214.10]
created:               2008.03.16 01:08:04
last modified:         2021.11.17 20:12:54
renewal date:          2032.03.16 01:08:04

option created:        2017.12.11 10:04:23
option expiration date:       2023.12.11 10:04:23

dnssec:                Signed
DS:                    5948 13 1 5f7b05dd262e58d6f9b80ae38e872a52c10e30e0
DS:                    5948 13 2 578b92fc5c963e1083f6e9d243f50f4a8355af76d50a66f0e1897c116e7ba5cd
DS:                    5948 13 4 cd88bc16b35417baab8e2684304156d59eb272cf267499cfb21229f73255839e93f02cdd42c13d90ad2579af5c9621b5


REGISTRAR:
Aftermarket.pl Limited
Chytron, 3, Office 301, P.C. 1075 Nicosia, Cypr
tel.+357.22761649
fax:+357.22767543
e-mail:domains@dropped.pl
http://www.AfterMarket.pl/contact.php

WHOIS database responses: https://dns.pl/en/whois

WHOIS displays data with a delay not exceeding 15 minutes in relation to the .pl Registry system
