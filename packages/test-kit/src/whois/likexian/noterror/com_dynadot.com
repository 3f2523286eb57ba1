Domain Name: DYNADOT.COM
Registry Domain ID: 91721384_DOMAIN_COM-VRSN
Registrar WHOIS Server: whois.dynadot.com
Registrar URL: http://www.dynadot.com
Updated Date: 2019-09-17T10:43:57.0Z
Creation Date: 2002-10-30T17:44:41.0Z
Registrar Registration Expiration Date: 2020-10-30T16:44:41.0Z
Registrar: DYNADOT LLC
Registrar IANA ID: 472
Registrar Abuse Contact Email: abuse@dynadot.com
Registrar Abuse Contact Phone: +1.6502620100
Domain Status: clientTransferProhibited
Registry Registrant ID: 
Registrant Name: Dynadot LLC
Registrant Street: PO Box 345
Registrant City: San Mateo
Registrant State/Province: CA
Registrant Postal Code: 94401
Registrant Country: US
Registrant Phone: +1.6502620100
Registrant Fax: +1.4158692893
Registrant Email: info@dynadot.com
Registry Admin ID: 
Admin Name: Dynadot LLC
Admin Street: PO Box 345
Admin City: San Mateo
Admin State/Province: CA
Admin Postal Code: 94401
Admin Country: US
Admin Phone: +1.6502620100
Admin Fax: +1.4158692893
Admin Email: info@dynadot.com
Registry Tech ID: 
Tech Name: Dynadot LLC
Tech Street: PO Box 345
Tech City: San Mateo
Tech State/Province: CA
Tech Postal Code: 94401
Tech Country: US
Tech Phone: +1.6502620100
Tech Fax: +1.4158692893
Tech Email: info@dynadot.com
Name Server: ns1-geo.dynadot.com
Name Server: ns2-geo.dynadot.com
DNSSEC: unsigned
URL of the ICANN WHOIS Data Problem Reporting System: http://wdprs.internic.net/
>>> Last update of WHOIS database: 2019-09-30 07:34:22 -0700 <<<


