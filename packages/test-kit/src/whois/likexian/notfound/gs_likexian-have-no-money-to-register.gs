Domain Name: likexian-have-no-money-to-register.gs
Domain Status: No Object Found
>>> Last update of WHOIS database: 2022-07-03T03:18:14.835Z <<<


TERMS OF USE: You are not authorized to access or query our Whois database through the use of electronic processes that are high-volume and automated.  Whois database is provided by ANL as a service to the internet community.  The data is for information purposes only. ANL does not guarantee its accuracy. By submitting a Whois query, you agree to abide by the following terms of use: You agree that you may use this Data only
for lawful purposes and that under no circumstances will you use this Data to: (1) allow, enable, or otherwise support the transmission of mass unsolicited, commercial advertising or solicitations via e-mail, telephone, or facsimile; or (2) enable high volume, automated, electronic processes.compilation, repackaging, dissemination or other use of this Data is expressly prohibited.

CoCCA Helpdesk |  support@coccaregistry.org
